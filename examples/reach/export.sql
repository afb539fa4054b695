-- The rows of `tiprulec reach` (docs/reach.md) from a warehouse export, ordered by user.
-- Inputs (replace the paths, or create these views over your own tables):
--   events:           "user" VARCHAR, event VARCHAR, "timestamp" TIMESTAMPTZ, properties JSON
--                     (properties holds exactly the event's declared fields, {} for none)
--   user_properties:  "user" VARCHAR, parameter VARCHAR, value JSON
-- Parquet or CSV alike: read_parquet('events/*.parquet') or read_csv('events.csv').
-- One JSON text per row, in the column "row"; rows of one user together (ORDER BY "user").
CREATE OR REPLACE VIEW reach_rows AS
WITH donations AS (
    SELECT "user",
           json_object('user', "user", 'event', event, 'date', epoch("timestamp"),
                       'fields', CAST(properties AS JSON))::VARCHAR AS "row"
    FROM events
),
parameters AS (
    SELECT "user",
           json_object('user', "user", 'parameter', parameter, 'value', CAST(value AS JSON))::VARCHAR AS "row"
    FROM user_properties
)
SELECT "user", "row" FROM donations
UNION ALL
SELECT "user", "row" FROM parameters
ORDER BY "user";
