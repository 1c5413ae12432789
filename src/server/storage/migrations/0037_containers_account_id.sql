-- Hand-written. The charges summary reads an account's candidates a page at a time in id order (issue 31):
-- with this index each page starts where the last one ended instead of reading the account again.
CREATE INDEX IF NOT EXISTS "containers_account_id" ON "containers" USING btree ("account_id","id");
