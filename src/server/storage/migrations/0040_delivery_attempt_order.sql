-- Hand-written. The last attempt of a notification was the one with the latest attempted_at; two attempts
-- at the same instant (a simulated clock, or one millisecond) came back in either order, and the log
-- could show a redelivered notification's first failure as its last status. The sequence breaks the tie.
ALTER TABLE "webhook_delivery_attempts" ADD COLUMN IF NOT EXISTS "seq" bigserial NOT NULL;
