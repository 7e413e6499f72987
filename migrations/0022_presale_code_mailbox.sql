-- Presales (docs/behaviour.md#presales): one one-time code per mailbox and date. A fan who
-- unsubscribes and signs up again is a new fan row, and a '+tag' address another one; the code
-- remembers the mailbox it went to, as the SHA-256 (hex) of src/core/fans.ts mailboxKey (the
-- address lower-cased, its '+tag' removed; never the address), so that mailbox gets the same
-- code again, never a second one. NULL for a free code, for a code given before this column, and
-- once the fans of that address erased their data.
ALTER TABLE presale_codes ADD COLUMN mailbox TEXT;
CREATE UNIQUE INDEX presale_codes_mailbox ON presale_codes (button_id, mailbox) WHERE mailbox IS NOT NULL;
