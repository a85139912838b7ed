/**
 * RescueGroups.org's own breed names for dogs and cats: the names its import accepts, as data.
 * Source: RescueGroups.org's breed list for dogs and cats, as its import field reference publishes it
 * (https://userguide.rescuegroups.org — Animal Breeds).
 * Written from that published list as known in 2026 (with no network where it was written), not fetched
 * at run time (the program works offline): check it against the portal's current list when it changes.
 * Every breed-table.ts entry's name for this portal is among them (portal-breed-lists.test.ts).
 */
export const RESCUEGROUPS_BREEDS: Readonly<Record<'Dog' | 'Cat', readonly string[]>> = {
  Dog: [
    'Affenpinscher', 'Afghan Hound', 'Airedale Terrier', 'Akita', 'Alaskan Malamute', 'American Bulldog', 'American Eskimo Dog', 'American Foxhound',
    'American Staffordshire Terrier', 'Anatolian Shepherd', 'Australian Cattle Dog', 'Australian Kelpie', 'Australian Shepherd', 'Australian Terrier',
    'Basenji', 'Basset Hound', 'Beagle', 'Bearded Collie', 'Beauceron', 'Bedlington Terrier', 'Belgian Shepherd Laekenois',
    'Belgian Shepherd Malinois', 'Belgian Shepherd Sheepdog', 'Belgian Shepherd Tervuren', 'Bernese Mountain Dog', 'Bichon Frise', 'Black Mouth Cur',
    'Black Russian Terrier', 'Bloodhound', 'Bluetick Coonhound', 'Boerboel', 'Border Collie', 'Border Terrier', 'Borzoi', 'Boston Terrier',
    'Bouvier des Flandres', 'Boxer', 'Boykin Spaniel', 'Briard', 'Brittany', 'Brussels Griffon', 'Bull Terrier', 'Bulldog', 'Bullmastiff',
    'Cairn Terrier', 'Cane Corso Mastiff', 'Carolina Dog', 'Catahoula Leopard Dog', 'Cattle Dog', 'Cavalier King Charles Spaniel',
    'Chesapeake Bay Retriever', 'Chihuahua', 'Chinese Crested', 'Chow Chow', 'Clumber Spaniel', 'Cocker Spaniel', 'Collie', 'Coonhound', 'Corgi',
    'Curly-Coated Retriever', 'Dachshund', 'Dalmatian', 'Doberman Pinscher', 'Dogo Argentino', 'Dogue de Bordeaux', 'English Cocker Spaniel',
    'English Setter', 'English Shepherd', 'English Springer Spaniel', 'Entlebucher', 'Field Spaniel', 'Finnish Spitz', 'Flat-Coated Retriever',
    'Fox Terrier', 'Foxhound', 'French Bulldog', 'German Pinscher', 'German Shepherd Dog', 'German Shorthaired Pointer', 'German Wirehaired Pointer',
    'Golden Retriever', 'Gordon Setter', 'Great Dane', 'Great Pyrenees', 'Greater Swiss Mountain Dog', 'Greyhound', 'Harrier', 'Havanese', 'Hound',
    'Husky', 'Ibizan Hound', 'Irish Setter', 'Irish Terrier', 'Irish Water Spaniel', 'Irish Wolfhound', 'Italian Greyhound', 'Jack Russell Terrier',
    'Japanese Chin', 'Keeshond', 'Kerry Blue Terrier', 'Komondor', 'Kuvasz', 'Labrador Retriever', 'Lakeland Terrier', 'Leonberger', 'Lhasa Apso',
    'Maltese', 'Manchester Terrier', 'Mastiff', 'Miniature Pinscher', 'Miniature Schnauzer', 'Mountain Cur', 'Mountain Dog', 'Neapolitan Mastiff',
    'Newfoundland', 'Norfolk Terrier', 'Norwegian Elkhound', 'Norwich Terrier', 'Nova Scotia Duck Tolling Retriever', 'Old English Sheepdog',
    'Papillon', 'Pekingese', 'Petit Basset Griffon Vendeen', 'Pharaoh Hound', 'Pit Bull Terrier', 'Plott Hound', 'Pointer', 'Pomeranian', 'Poodle',
    'Portuguese Water Dog', 'Presa Canario', 'Pug', 'Puli', 'Rat Terrier', 'Retriever', 'Rhodesian Ridgeback', 'Rottweiler',
    'Saint Bernard St. Bernard', 'Saluki', 'Samoyed', 'Schipperke', 'Schnauzer', 'Scottish Deerhound', 'Scottish Terrier Scottie', 'Sealyham Terrier',
    'Setter', 'Shar-Pei', 'Sheep Dog', 'Shepherd', 'Shetland Sheepdog', 'Shiba Inu', 'Shih Tzu', 'Silky Terrier', 'Skye Terrier', 'Spaniel',
    'Spinone Italiano', 'Staffordshire Bull Terrier', 'Sussex Spaniel', 'Swedish Vallhund', 'Terrier', 'Tibetan Mastiff', 'Tibetan Spaniel',
    'Tibetan Terrier', 'Tosa Inu', 'Vizsla', 'Weimaraner', 'Welsh Springer Spaniel', 'Welsh Terrier', 'West Highland White Terrier Westie',
    'Wheaten Terrier', 'Whippet', 'Wirehaired Pointing Griffon', 'Wirehaired Terrier', 'Xoloitzcuintli / Mexican Hairless',
    'Yorkshire Terrier Yorkie',
  ],
  Cat: [
    'Abyssinian', 'American Curl', 'American Shorthair', 'American Wirehair', 'Balinese', 'Bengal', 'Birman', 'Bombay', 'British Shorthair',
    'Burmese', 'Burmilla', 'Calico', 'Chartreux', 'Chausie', 'Cornish Rex', 'Cymric', 'Devon Rex', 'Dilute Calico', 'Dilute Tortoiseshell',
    'Domestic Long Hair', 'Domestic Medium Hair', 'Domestic Short Hair', 'Egyptian Mau', 'Exotic Shorthair', 'Extra-Toes Cat (Hemingway Polydactyl)',
    'Havana', 'Himalayan', 'Japanese Bobtail', 'Javanese', 'Korat', 'LaPerm', 'Maine Coon', 'Manx', 'Munchkin', 'Nebelung', 'Norwegian Forest Cat',
    'Ocicat', 'Oriental Short Hair', 'Persian', 'Pixiebob', 'Ragamuffin', 'Ragdoll', 'Russian Blue', 'Scottish Fold', 'Selkirk Rex', 'Siamese',
    'Siberian', 'Silver', 'Singapura', 'Snowshoe', 'Somali', 'Sphynx', 'Tiger', 'Tonkinese', 'Torbie', 'Tortoiseshell', 'Turkish Angora',
    'Turkish Van', 'Tuxedo', 'York Chocolate',
  ],
};
