-- Fan sign-ups over time: a sign-up of the page's 'Avvisami' form is counted in the same buckets
-- as views and clicks, under the source of the view it came from (docs/behaviour.md#counting-views-and-clicks,
-- docs/architecture.md#counting-pipeline). It sits on the view rows (button_id 0, cta 0) beside
-- their views and is never a view or a click itself. Existing rows and queued messages have none.
ALTER TABLE page_stats ADD COLUMN signups INTEGER NOT NULL DEFAULT 0;

-- the consumer's scratch rows carry it from a queue message to page_stats
ALTER TABLE count_inbox ADD COLUMN signups INTEGER NOT NULL DEFAULT 0;
