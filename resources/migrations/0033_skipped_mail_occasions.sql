CREATE TABLE `mail_skipped_occasions` (
	`occasion` text PRIMARY KEY NOT NULL,
	`reason` text NOT NULL,
	`skipped_at` integer NOT NULL
);
