-- The status history holds changes only: a pet's creation is derived from the pet (createdAt, and the
-- status the first change left). Rows earlier releases wrote for creations (no status before) go.
DELETE FROM `pet_status_history` WHERE `from_status` IS NULL;
