-- Issue 28 §4: the shelter's language, what everything published is worded in; unset is English.
ALTER TABLE `shelter_profile` ADD `language` text;