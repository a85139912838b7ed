-- Names compare in folded form (src/shared/names.ts foldName, registered as adk_fold_name by src/main/db/sql-functions.ts).
-- Categories and accounts become unique by folded name: a later duplicate (by id) is renamed "<name> (2)", "(3)", …
-- name_folded first holds the deduplicated name, so every row of the UPDATE sees the table unchanged.
DROP INDEX `categories_name_unique`;--> statement-breakpoint
ALTER TABLE `categories` ADD `name_folded` text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE `categories` SET `name_folded` = adk_unique_name(`id`, `name`, (SELECT json_group_array(json_array(`id`, `name`)) FROM `categories`), 100);--> statement-breakpoint
UPDATE `categories` SET `name` = `name_folded`;--> statement-breakpoint
UPDATE `categories` SET `name_folded` = adk_fold_name(`name`);--> statement-breakpoint
CREATE UNIQUE INDEX `categories_name_folded_unique` ON `categories` (`name_folded`);--> statement-breakpoint
ALTER TABLE `accounts` ADD `name_folded` text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE `accounts` SET `name_folded` = adk_unique_name(`id`, `name`, (SELECT json_group_array(json_array(`id`, `name`)) FROM `accounts`), 200);--> statement-breakpoint
UPDATE `accounts` SET `name` = `name_folded`;--> statement-breakpoint
UPDATE `accounts` SET `name_folded` = adk_fold_name(`name`);--> statement-breakpoint
CREATE UNIQUE INDEX `accounts_name_folded_unique` ON `accounts` (`name_folded`);--> statement-breakpoint
ALTER TABLE `pets` ADD `name_folded` text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE `pets` SET `name_folded` = adk_fold_name(`name`);
