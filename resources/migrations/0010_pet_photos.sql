CREATE TABLE `pet_photos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pet_id` integer NOT NULL,
	`position` integer NOT NULL,
	`hash` text NOT NULL,
	`alt` text DEFAULT '' NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`bytes` integer NOT NULL,
	`thumb_width` integer NOT NULL,
	`thumb_height` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`pet_id`) REFERENCES `pets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pet_photos_pet_hash` ON `pet_photos` (`pet_id`,`hash`);--> statement-breakpoint
CREATE INDEX `pet_photos_hash` ON `pet_photos` (`hash`);--> statement-breakpoint
CREATE TABLE `photo_releases` (
	`hash` text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TRIGGER `pet_photos_released` AFTER DELETE ON `pet_photos` BEGIN INSERT OR IGNORE INTO `photo_releases` (`hash`) VALUES (OLD.`hash`); END;
