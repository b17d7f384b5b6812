-- Ends the statement it runs in with an error naming `reason` (hint 'aura_refusal'): a write of
-- several data-modifying expressions in one statement (a balance purchase, issue 17) refuses
-- this way when one of them could not be written, and the whole statement is undone, as a
-- rolled-back transaction would be, without a transaction's two round trips.
CREATE FUNCTION "aura_refuse"("reason" text) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = "reason", HINT = 'aura_refusal';
END
$$;
