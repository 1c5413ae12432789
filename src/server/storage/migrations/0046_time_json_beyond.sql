-- Hand-written. A shown time is written by the database in the form JavaScript writes it. Inside the years
-- 1000 to 9999 JSON's own writing does it; the rest (a year before 1000, or past 9999, where JavaScript
-- writes a signed six-digit year) was spelled out beside it in every time of every text statement, and
-- PostgreSQL prepares each branch's functions whenever a statement runs, taken or not: 0.2 ms of a
-- container's text statement, a third of it for one row. A function of its own is prepared only when called,
-- and, being strict, never for a missing time.
CREATE FUNCTION "time_json_beyond"(t timestamptz) RETURNS text
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE AS $$
BEGIN
  IF t < '10000-01-01Z' THEN
    RETURN '"' || to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') || '"';
  END IF;
  RETURN to_json('+' || lpad(to_char(t AT TIME ZONE 'UTC', 'YYYY'), 6, '0') || to_char(t AT TIME ZONE 'UTC', '-MM-DD"T"HH24:MI:SS"Z"'))::text;
END
$$;
