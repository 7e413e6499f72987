-- When each date joined its new-date alert (docs/behaviour.md#alerts): a JSON object from the
-- event's button id to the instant ('…Z') of the save that added it (or moved it again). A fan
-- hears of a date only when they had confirmed and followed its city by then, so a fan confirmed
-- between two saves that join one waiting alert gets the later date. An alert made before this
-- column (its object empty) reads its created_at for every date, as it did.
ALTER TABLE fan_alerts ADD COLUMN button_joins TEXT NOT NULL DEFAULT '{}';
