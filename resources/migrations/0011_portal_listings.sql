CREATE TABLE `portal_listings` (
	`portal` text NOT NULL,
	`pet_id` integer NOT NULL,
	`name` text NOT NULL,
	`state` text NOT NULL,
	`problems` text NOT NULL,
	`exported_at` integer NOT NULL,
	PRIMARY KEY(`portal`, `pet_id`)
);
