ALTER TABLE `pets` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `shelter_profile` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `people` ADD `version` integer DEFAULT 1 NOT NULL;