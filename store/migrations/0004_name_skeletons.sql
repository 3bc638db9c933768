-- 0003: look-alike names. name_skeleton is the Unicode TR39 skeleton of
-- nickname_key (package names): one owner for names that look alike, such
-- as Cyrillic "аna" and Latin "ana", as nickname_key is one owner for a
-- name in any letter case. The binary fills it for the accounts made
-- before (fillNameSkeletons): the older of two accounts whose names look
-- alike takes the skeleton, the newer keeps its name with NULL here (its
-- nickname_key still reserves the name itself).
ALTER TABLE accounts ADD COLUMN name_skeleton TEXT;
CREATE UNIQUE INDEX accounts_name_skeleton ON accounts(name_skeleton);
