ALTER TABLE `categories` ADD `species` text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE `pet_status_history` ADD `happened_at` integer;--> statement-breakpoint
ALTER TABLE `pet_status_history` ADD `departure` text;--> statement-breakpoint
ALTER TABLE `pets` ADD `departure` text;--> statement-breakpoint
-- Once, for the categories that exist: their species from today's English names (nothing matches a name after this).
UPDATE `categories` SET `species` = CASE
  WHEN (' ' || lower(replace(replace(replace(`name`, '-', ' '), '/', ' '), ',', ' ')) || ' ') GLOB '*[ ]dog[ s]*' OR (' ' || lower(`name`) || ' ') GLOB '*[ ]pupp[yi]*' OR (' ' || lower(`name`) || ' ') GLOB '*[ ]canine*' THEN 'dog'
  WHEN (' ' || lower(replace(replace(replace(`name`, '-', ' '), '/', ' '), ',', ' ')) || ' ') GLOB '*[ ]cat[ s]*' OR (' ' || lower(`name`) || ' ') GLOB '*[ ]kitten*' OR (' ' || lower(`name`) || ' ') GLOB '*[ ]feline*' THEN 'cat'
  WHEN (' ' || lower(`name`) || ' ') GLOB '*[ ]rabbit*' OR (' ' || lower(`name`) || ' ') GLOB '*[ ]bunn[yi]*' THEN 'rabbit'
  WHEN (' ' || lower(`name`) || ' ') GLOB '*[ ]bird*' OR (' ' || lower(`name`) || ' ') GLOB '*[ ]parrot*' OR (' ' || lower(`name`) || ' ') GLOB '*[ ]budgie*' THEN 'bird'
  WHEN (' ' || lower(`name`) || ' ') GLOB '*[ ]horse*' OR (' ' || lower(`name`) || ' ') GLOB '*[ ]pon[yi]*' THEN 'horse'
  WHEN (' ' || lower(`name`) || ' ') GLOB '*[ ]reptile*' OR (' ' || lower(`name`) || ' ') GLOB '*[ ]snake*' OR (' ' || lower(`name`) || ' ') GLOB '*[ ]lizard*' OR (' ' || lower(`name`) || ' ') GLOB '*[ ]turtle*' OR (' ' || lower(`name`) || ' ') GLOB '*[ ]tortoise*' THEN 'reptile'
  WHEN (' ' || lower(`name`) || ' ') GLOB '*[ ]small animal*' OR (' ' || lower(`name`) || ' ') GLOB '*[ ]hamster*' OR (' ' || lower(`name`) || ' ') GLOB '*[ ]guinea pig*' OR (' ' || lower(`name`) || ' ') GLOB '*[ ]ferret*' OR (' ' || lower(`name`) || ' ') GLOB '*[ ]gerbil*' OR (' ' || lower(`name`) || ' ') GLOB '*[ ]rat[ s]*' OR (' ' || lower(`name`) || ' ') GLOB '*[ ]mice*' OR (' ' || lower(`name`) || ' ') GLOB '*[ ]mouse*' OR (' ' || lower(`name`) || ' ') GLOB '*[ ]chinchilla*' THEN 'small_animal'
  ELSE 'other' END;--> statement-breakpoint
-- An animal whose last stay ended other than by adoption: how it left, beside its `sold`.
UPDATE `pets` SET `departure` = (
  SELECT s.`outcome_type` FROM `stays` s WHERE s.`pet_id` = `pets`.`id` ORDER BY s.`intake_at` DESC, s.`id` DESC LIMIT 1
) WHERE `status` = 'sold' AND (
  SELECT s.`outcome_type` FROM `stays` s WHERE s.`pet_id` = `pets`.`id` ORDER BY s.`intake_at` DESC, s.`id` DESC LIMIT 1
) NOT IN ('adoption');--> statement-breakpoint
-- A status change a movement made was written in the movement's transaction: its event, recorded the same moment, says when it happened.
UPDATE `pet_status_history` SET `happened_at` = (
  SELECT e.`at` FROM `movement_events` e WHERE e.`pet_id` = `pet_status_history`.`pet_id` AND abs(e.`recorded_at` - `pet_status_history`.`changed_at`) < 1000
  ORDER BY abs(e.`recorded_at` - `pet_status_history`.`changed_at`), e.`id` DESC LIMIT 1
);--> statement-breakpoint
UPDATE `pet_status_history` SET `departure` = (
  SELECT e.`type` FROM `movement_events` e WHERE e.`pet_id` = `pet_status_history`.`pet_id` AND e.`kind` = 'outcome' AND e.`type` <> 'adoption' AND abs(e.`recorded_at` - `pet_status_history`.`changed_at`) < 1000
  ORDER BY abs(e.`recorded_at` - `pet_status_history`.`changed_at`), e.`id` DESC LIMIT 1
) WHERE `to_status` = 'sold';
