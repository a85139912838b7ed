CREATE TABLE `pet_profile_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pet_id` integer NOT NULL,
	`changed_at` integer NOT NULL,
	`fields` text NOT NULL,
	FOREIGN KEY (`pet_id`) REFERENCES `pets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `pet_profile_changes_pet` ON `pet_profile_changes` (`pet_id`,`changed_at`);--> statement-breakpoint
CREATE TABLE `pet_profiles` (
	`pet_id` integer PRIMARY KEY NOT NULL,
	`breed_primary` text,
	`breed_secondary` text,
	`breed_mixed` integer,
	`sex` text,
	`birth_date` text,
	`size` text,
	`color` text,
	`coat` text,
	`description` text,
	`good_with_kids` text,
	`good_with_dogs` text,
	`good_with_cats` text,
	`house_trained` integer,
	`spayed_neutered` integer,
	`special_needs` text,
	`intake_date` text,
	`adoption_fee_hundredths` integer,
	`microchip_number` text,
	`kennel_location` text,
	`internal_notes` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`pet_id`) REFERENCES `pets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `shelter_profile` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text,
	`address` text,
	`phone` text,
	`email` text,
	`website` text,
	`opening_hours` text,
	`how_to_adopt` text,
	`currency` text,
	`logo` blob,
	`logo_media_type` text,
	`logo_updated_at` integer,
	`updated_at` integer NOT NULL
);
