/**
 * The problems an input can have, one `reason` each with the figures a face words it from: photos,
 * site uploads, backup folders, lab durations, a form's own rules, pet profiles, transfers, server
 * addresses. They travel as `validation_failed` details (errors.ts, ErrorDetails).
 */
/** A photo refused before or while it was decoded; `file` is its name as given. */
export type PhotoTooLarge =
  | { reason: 'photo_bytes'; file: string; bytes: number; maxBytes: number }
  | { reason: 'photo_pixels'; file: string; width: number; height: number; maxPixels: number }
  | { reason: 'photo_processing_time'; file: string; seconds: number };

/** A file that is no photo we take: not an image at all, or an image in another format (HEIC, GIF, …). */
export type PhotoUnsupported =
  | { reason: 'not_an_image'; file: string }
  | { reason: 'photo_format'; file: string; format: string; accepted: readonly string[] };

/** Why a path in a site upload may not be written inside the deploy folder (site-upload.ts, unsafeUploadPath). */
export type UnsafePathProblem = 'empty' | 'too_long' | 'backslash' | 'control_character' | 'absolute' | 'dot_segment';

/**
 * A site upload refused while it was read or unpacked (sites/upload-zip.ts, upload-folder.ts, site-upload.ts's
 * schema): `upload` is the zip's or folder's name as given, `path` the entry's path inside it.
 */
export type UploadProblem =
  | { field: 'upload'; reason: 'upload_not_zip' | 'upload_unreadable' | 'upload_empty'; upload: string }
  | { field: 'upload'; reason: 'upload_too_many_entries' | 'upload_too_many_files'; upload: string; max: number }
  | {
      field: 'upload' | 'path';
      reason: 'upload_unsafe_path';
      /** The zip it was found in; none when the schema refused a folder upload's path. */
      upload?: string;
      path: string;
      problem: UnsafePathProblem;
      /** The longest path taken, in characters (for `too_long`). */
      maxLength: number;
    }
  | { field: 'upload'; reason: 'upload_compression' | 'upload_entry_unreadable'; upload: string; path: string }
  | { field: 'upload'; reason: 'upload_write_failed'; upload: string; path: string | null; systemCode: string }
  | { field: 'files' | 'data'; reason: 'upload_over_limit'; bytes: number; maxBytes: number }
  | { field: 'files'; reason: 'upload_path_twice'; path: string };

/** The same photo given twice in one call (`sameAs`: the name it was given first, equal to `file` for one file named twice). */
export interface PhotoGivenTwice {
  field: 'photos';
  reason: 'photo_given_twice';
  file: string;
  sameAs: string;
}

/**
 * A backup folder refused (backup/folders.ts, nightly.ts): not a full path, none chosen, inside the data
 * dir or a folder a site is deployed from (`inside`), or one that cannot be made (`systemCode`).
 */
export type BackupFolderProblem =
  | { field: 'folder'; reason: 'backup_folder_not_absolute'; folder: string }
  | { field: 'folder'; reason: 'backup_folder_not_chosen' }
  | { field: 'folder'; reason: 'backup_folder_inside_data_dir'; folder: string; inside: string }
  | { field: 'folder'; reason: 'backup_folder_inside_deploy'; folder: string; inside: string }
  | { field: 'folder'; reason: 'backup_folder_not_made'; folder: string; systemCode: string };

/** A lab duration that is none (shared/lab.ts, parseDuration; lab/clock.ts): not a number and unit, zero, or over the clock's reach. */
export type DurationProblem =
  | { field: 'duration'; reason: 'duration_unreadable'; text: string }
  | { field: 'duration'; reason: 'duration_not_positive' }
  | { field: 'duration'; reason: 'duration_too_long'; maxDays: number }
  /** The move would take the clock past its reach: it is `aheadDays` ahead already. */
  | { field: 'duration'; reason: 'lab_clock_too_far'; maxDays: number; aheadDays: number };

/**
 * A rule of a form's schema that spans fields or is the schema's own (a refinement's `params`): each face
 * words it from `reason` and its figures, the English `message` stays the API's. `field` is the path's last name.
 */
export type FormRuleProblem =
  | { field: 'staging'; reason: 'ports_same' }
  | { field: 'production' | 'staging' | 'port'; reason: 'port_taken' }
  | { field: 'currency'; reason: 'currency_unknown' }
  | { field: 'perDay'; reason: 'per_day_below_per_minute'; perMinute: number }
  | { field: 'confirmExposure'; reason: 'exposure_unconfirmed'; host: string }
  | { field: 'rate'; reason: 'scenario_rate_required' }
  | { field: 'seconds'; reason: 'scenario_seconds_required' }
  | { field: 'count'; reason: 'scenario_count_required' }
  | { field: 'seconds'; reason: 'scenario_too_many_requests'; max: number }
  | { field: 'phone'; reason: 'phone_digits' }
  | { field: 'doNotAdoptReason'; reason: 'do_not_adopt_unexplained' }
  | { field: 'petId'; reason: 'pet_or_new_pet' | 'confirm_one_match' }
  | { field: 'transferFrom'; reason: 'transfer_from_missing' | 'transfer_from_not_transfer' }
  | { field: 'fee'; reason: 'amount_decimals' }
  /** A paragraph field (a description, a note) broke a rule of its own; `max` in characters. */
  | { field: string; reason: 'text_empty' | 'text_control' | 'text_not_unicode' }
  | { field: string; reason: 'text_too_long'; max: number }
  | { field: string; reason: 'date_not_real' | 'date_before_1900' }
  | { field: 'birthDate'; reason: 'birth_date_unreadable' }
  | { field: 'personId'; reason: 'foster_person_missing' }
  | { field: string; reason: 'step_timing_both' | 'step_min_age_without_days' | 'result_without_test' }
  | { field: 'petId'; reason: 'dose_twice'; vaccine: string }
  | { field: string; reason: 'time_zone_unknown' | 'range_reversed' };

/** The extra CA file of the ACME settings cannot be trusted: nothing readable at `path`, or no PEM certificate in it. */
export interface CaFileProblem {
  field: 'acme.caFile';
  reason: 'ca_file_missing' | 'ca_file_not_pem';
  path: string;
}

/** A pet profile's field broke its rule (pet-profile.ts), named so a face can word it: a birth date after `today`, a microchip with other than letters and digits, a fee in fractions of a cent. */
export type ProfileRuleProblem =
  | { field: 'birthDate'; reason: 'birth_date_future'; today: string }
  | { field: 'microchipNumber'; reason: 'microchip_characters'; max: number }
  | { field: 'adoptionFee'; reason: 'fee_decimals' };

/** A transfer out's destination (movements.ts): missing, none of the three distances, or given with another outcome. */
export type TransferDestinationProblem =
  | { field: 'transferTo'; reason: 'transfer_destination_missing' | 'transfer_destination_unknown' }
  | { field: 'transferTo' | 'receivingOrganisation'; reason: 'transfer_destination_not_transfer' };

/** An address typed to reach the shelter server that cannot be one; `address` as typed. */
export interface ServerAddressProblem {
  field: 'address';
  reason: 'address_empty' | 'address_not_https' | 'address_malformed' | 'address_port';
  address: string;
}
