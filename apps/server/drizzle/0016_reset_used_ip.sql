-- Where a password-reset link was used to choose a password: signing in from that address is
-- counted apart from guesses made elsewhere (decision 029).
ALTER TABLE "password_reset_tokens" ADD COLUMN "used_ip" text;
