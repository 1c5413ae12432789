-- the bytes already kept here move into the blob store when the server starts (storage/legacy-blobs.ts)
ALTER TABLE "document_blobs" ALTER COLUMN "bytes" DROP NOT NULL;
