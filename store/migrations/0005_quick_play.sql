-- 0005: Quick play's choice. quick_play is the edition and mode a player
-- last chose on the lobby's Quick play row, in the lobby's own words
-- ("minions-2016 single-hand", "any any"); '' is never chosen, which Quick
-- play reads as any edition and any mode.
ALTER TABLE accounts ADD COLUMN quick_play TEXT NOT NULL DEFAULT '';
