/**
 * The publishing figures, through the real engine: deploying the adoption site of 5,000 available pets
 * with profiles and photos already processed (each pet's own photo row; the files are one processed
 * JPEG pair, as hard links cost the same whatever they point at), and printing 50 kennel cards.
 *
 *   npx tsx bench/shelter-publishing.ts [PETS] [CARDS]   (default 5000 and 50)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { databaseFile, Engine } from '../src/main/engine/engine';

const PETS = Number(process.argv[2] ?? 5_000);
const CARDS = Number(process.argv[3] ?? 50);

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adoption-desk-publish-bench-'));
  const engine = new Engine({ dataDir, environment: 'production' });
  try {
    const { services, sites } = engine;
    services.shelter.set({
      name: 'Happy Paws Rescue',
      currency: 'EUR',
      email: 'adopt@happypaws.test',
      howToAdopt: 'Meet the pet.\n\nFill in the form.',
    });
    const camera = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#a0522d' } })
      .jpeg()
      .toBuffer();
    const first = services.pets.create({ name: 'Biscuit 0', categoryId: 1, status: 'available' }).id;
    const [photo] = await services.photos.add(first, [{ name: 'biscuit.jpg', bytes: camera }]);
    // The photo rows straight into the file: the service would process 5,000 images first.
    const sqlite = new Database(databaseFile(dataDir, 'production'));
    const insertPhoto = sqlite.prepare(
      'INSERT INTO pet_photos (pet_id, position, hash, alt, width, height, bytes, thumb_width, thumb_height, created_at) VALUES (?, 0, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const seeded = performance.now();
    const ids: number[] = [first];
    for (let index = 1; index < PETS; index += 1) {
      const id = services.pets.create({
        name: `Biscuit ${index}`,
        categoryId: 1 + (index % 3),
        status: 'available',
      }).id;
      services.petProfiles.set(id, {
        breedPrimary: 'Labrador Retriever',
        sex: index % 2 ? 'female' : 'male',
        birthDate: '2021-05',
        size: 'large',
        goodWithKids: 'yes',
        adoptionFee: 120,
        description: 'A lovely pet who enjoys long walks, naps and treats.\n\nHouse-trained and calm.',
      });
      ids.push(id);
    }
    sqlite.transaction(() => {
      for (const id of ids.slice(1))
        insertPhoto.run(
          id,
          photo!.hash,
          '',
          photo!.width,
          photo!.height,
          photo!.bytes,
          photo!.thumbWidth,
          photo!.thumbHeight,
          Date.now(),
        );
    })();
    sqlite.close();
    console.log(
      `seeded ${PETS} pets with profiles and photos in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    );

    const account = services.accounts.create({ name: 'Happy Paws', planId: 'pro' });
    const project = sites.projects.create({ accountId: account.id, name: 'Happy Paws' });
    const started = performance.now();
    const deploy = await sites.projects.deployAdoptionPage(project.slug);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `adoption site of ${PETS} pets: ${seconds.toFixed(2)} s, ${deploy.fileCount} files, ${(deploy.byteSize / 1024 / 1024).toFixed(1)} MiB of pages (${deploy.outcome})`,
    );

    const cardsStarted = performance.now();
    const made = await engine.publishing.kennelCards.render({ ids: ids.slice(0, CARDS), paper: 'a4', perPage: 2 });
    console.log(
      `${made.cards} kennel cards: ${((performance.now() - cardsStarted) / 1000).toFixed(2)} s, ${(made.pdf.length / 1024 / 1024).toFixed(1)} MiB PDF`,
    );
  } finally {
    engine.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
