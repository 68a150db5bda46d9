import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS as POSTGRES_MIGRATIONS } from '../src/db/postgres/migrations/index';
import { MIGRATIONS as SQLITE_MIGRATIONS } from '../src/db/sqlite/migrations/index';

const ROOT = path.resolve(import.meta.dirname, '../..');
const THIS_FILE = 'server/test/migration-hashes.test.ts';

/**
 * The SHA-256 of each shipped migration's file, per engine. A database records only how many migrations
 * it has run, so a shipped one that changed would never run again where it already ran: those databases
 * and new ones would differ. A change is a new migration, which adds its line here (the failing test prints it).
 */
const SHIPPED: Record<'sqlite' | 'postgres', Record<string, string>> = {
  sqlite: {
    '001-initial-schema.ts': '4e2d1e76c7acd14c4018d219916c9e4c7d7c1cacd8e8226846521f15f52feb84',
    '002-account-search-words.ts': 'f53e7aa2e9b22e0390a1a50862c9715dae52709f5dde52f7ce53e1e9210eeccf',
    '003-files-version.ts': 'bff266358bc986ef866e810dfd2d9d0fb4f204ae08e0d8fec7278fc2d7f95a76',
    '004-subtitle-renditions.ts': '68ca6da4695a90d08beb161a2340cee961823ce1d70f06eeb155ee3a97225d46',
    '005-hardening-tables.ts': '283e70eeeb50137003947224659872522d84f309e6e29e6134664965c0c700b2',
    '006-subtitle-rendition-size.ts': 'e023779874d0e9c644bf3637720f40440ed8bcf48172ea09ab902fbca28e28f1',
    '007-media-pipeline.ts': '218164bd3d136cf7f52cd2817ceb3d0d5e6dd91e6f759f1b2b9b7e442f636a22',
    '008-seeded-accounts.ts': '1b53a9301676be95063dd184398ffedbfd4de0d846e52b6e174999dded8b856c',
    '009-file-events.ts': 'b6cabfc14dcc8fab21a8c83dd412fddf6f6b51693610bf3acf9b48d2ce8dc68d',
    '010-versions.ts': '88f0636db8b0423b0a3ee5a56e8c5d1b2d638078fe3439763410ce9aeb818f1d',
    '011-trash.ts': '61e58131b9b8fa1dde7f430c558eff9abce4c1808cb3e08ff5fb7827d6941515',
    '012-slug-keys-and-holds.ts': '98cdb1d506bc7ddf8d3c1239e74542dc2dba6d20748b6ab7f8f2d9443aa03708',
    '013-file-activity.ts': 'ab23d06c180f21e7e741e1e221dcd278a2261beb3b1ea6845a33c55b421a8757',
    '014-embed-defaults.ts': '3e23d86d21fbe1399f23eb511e121cf41ae9f1aa1629a7f635b44a3cc1f563f8',
    '015-bulk-jobs.ts': '72fd85664610cd70b9e7ff5e8de971b41730ea40a569072cdd356c54e142f075',
    '016-subtitle-versions.ts': '8317e50150760f919c460b3ac34dd18089ccff48df1ec4f10350dedb41b79fe1',
    '017-files-version-per-account.ts': 'aef0f9353b4d9acf8f47f1e10633e000bc6b8c2f6300c442bd5f244cdb414f2f',
    '018-job-turns.ts': '898c3b73619347d19c7f1dc9c628083e33268606b6154e910faf4399589bada1',
    '019-video-storage.ts': '616665e086bc5b108f1fdaf1411d0eace9a52f4184b9725ab678aad24b5df793',
    '020-username-skeleton.ts': 'f9f83dfccaa1fdbd9ab0e1dc2a1aff5f7301879f08a5c3cc19c7f0a6aed853d3',
    '021-worker-tokens.ts': '9f245a831381db09fc36f8909822f036b7c22c871c14837f270549fe3e3104b4',
    '022-player-access.ts': '6174678d4cb6ab2caefbab9d93117a86eb3b3b1d823eebd3bcabd705a953032b',
    '023-api-keys.ts': '33536c08a1c7794c4d622489bea6681358825c56e6b71aad3bef39f13bbce7a6',
    '024-file-schedules.ts': 'b2b49aba34804dafc729677b3d8fd88c50b753b27a4576cee883394a66b6a40e',
    '025-view-analytics.ts': '3ebf97d125574ee6c7af5efba4e55c2d0d1f726fac296ea925779d97392e33ab',
    '026-webhooks.ts': 'c47461ed952773369cf32df6f6111cf3bc59e203b86431f17d063124a7dad522',
    '027-downloads.ts': '243e52491a0534cf598595508936ad1243d2a2132546a0308380e2ec06ee0bc5',
    '028-chapters-tracks.ts': '13da6c5f4a91c08f00d53b971de95b73ca0d5a504a3b49225e16125209207adf',
    '029-subtitle-events.ts': 'f2b1842039fc475989044269a4bc5f9a7e60562c25d0d8f7ff61ac0de0b05384',
    '030-bulk-values.ts': 'eb5045c949977d5045d4177743bc491259c2b10b16f637e07833edeae591a1a5',
    '031-subtitle-event-kinds.ts': '46809c44bcda49ee67fe477491c18637ec38560120dd89998b5f23483ccc26d3',
  },
  postgres: {
    '001-initial-schema.ts': 'a56c92282388823964d32f8befb5021512c35d96df99a543dc53e68568bf72bb',
    '002-subtitle-renditions.ts': 'ffa147bd3693057628fcdb73efa580840182c9126d50c2ba2ed4b93d04a6c639',
    '003-hardening-tables.ts': '72a422375a4d62fbcad5ec36e736e5eda1c9e33db0bd45247f15ada05fb8389e',
    '004-file-words.ts': 'ca360a0ba232d0bd785a1bc74091ae9a1e41951620caf889c723c1e67fd75eb3',
    '005-file-words-title-key.ts': '4e3194dbbc9f2292ec3d8b4b394a78faa85441e9970396b6d79b9f9e4fb4fb43',
    '006-counters-in-key-order.ts': '0839d4b03db575a997b3a5a92f867c165889ebabf35fed9c725da8ea87e4ca38',
    '007-subtitle-rendition-size.ts': '49ff77ed5bf1e81dc9a14d48fee86e1d329291b4dc7d0627563d5c64fa67cde5',
    '008-media-pipeline.ts': '7fb7f1154d5f3a3f7477fdd421eb7229f379c93a723a04b7948ac0aec5f7f367',
    '009-seeded-accounts.ts': '8fec29384c997dafc1106b3e49a0232b1c441162c479d869b9a08b608c1d3687',
    '010-file-events.ts': '4c1587036c87b83524c929d3f40dd1b21624997b740766a2e27828408e08aeef',
    '011-versions.ts': '8c7054725a3684121a6c3fed440ccd1989cb642af00336b70c63fdecd3c6e9c2',
    '012-trash.ts': '34da6554ca437f66a76c9fc35eacd73d6b902837b29292c5750d7768049dab65',
    '013-slug-keys-and-holds.ts': 'e17beb6aee31390f0a32870780eca8adbca82a29bdfab7a876dab324f9d243b5',
    '014-file-activity.ts': '710469da27654bdfdef9f7dcb16b68583894412296a39904675e68518d31e939',
    '015-embed-defaults.ts': '55f0087c67ac564c1ad161d61f33770e945009329c3df6b6b060d40229ce27e2',
    '016-purge-events.ts': 'e3b3863b049e24da2de7a58664c8e0443b6a9f2780f300bdc916d2c02733bc44',
    '017-bulk-jobs.ts': 'e189566872103589059ddc523f4deaec9c10b18600343422c6d012307b5aa11e',
    '018-subtitle-versions.ts': '5f9639e0e1ec06fc1a64af98c5a8ae6bdf5882cf290328f9a76fd50fdd02b691',
    '019-file-events-by-column.ts': '458083d8d195db5043deb0046949e7a7875697ca9067b09b42b3b711be4720b4',
    '020-bulk-batch-triggers.ts': '269cc9582aad1006feb4bfe336066c9580ae33e9851ee923488d8467ea0fbe08',
    '021-job-turns.ts': '9793aabb2b2decf0989b6bd70fcfd4059f07d9d4667cff3d21762ccf9af2defc',
    '022-added-events-carry-file.ts': 'ff733935f6efe89311ac7d6e2089ca9e009f2a53086c8ced02cf971c5b2f36ba',
    '023-video-storage.ts': 'cffec5bbbeaeff881451a8381c004d6f5b8e166774798f5625837437e55776cf',
    '024-username-skeleton.ts': 'c22352731243cdf5da12a8befa5dedbe2fac7b2668452c789ec5e36f739ba604',
    '025-worker-tokens.ts': '415d7ac7b9caef2e403a4c5530d12b70efe51eb6af68511f966c70e8d8ab9e9f',
    '026-player-access.ts': 'fb77fd5b19aa45af333d4efce8fd22ce8abdd3f74ac7af24e33d0718c579f0fa',
    '027-api-keys.ts': 'af2022da5e23f32596f57e6f536e08750bbc43ece4641e23c0d745fe8ad0609c',
    '028-file-schedules.ts': 'b2b9b1188b93891e29d7ee7482e5a7066f5c21c7c5f4002d6cd42b81bd78bc26',
    '029-view-analytics.ts': '24ffc0c4585e002342fa5af3fc590ef106302d2ae170ceeec9a119b6c14c9194',
    '030-webhooks.ts': 'a3664dca8eacc8aae99524990dc68a83be4a8d0eb8a8a841c3a69a5ee1708c6c',
    '031-downloads.ts': '221c27a28a9fad06a42dccafef284705715b54e7cef07bc26720e11f1ac60402',
    '032-chapters-tracks.ts': '5670233a6ccd025070dc922c3c313198d4ff0c7cd0915076b33b37056f7675de',
    '033-subtitle-events.ts': '1674e437dc3ad80f68a4706b156945ce5709096fb67314958758174f960401a5',
    '034-bulk-values.ts': 'da0c8a1e7604433dcfca4868391b66bfd66e3b67218b7027566bd494d394297f',
    '035-download-events.ts': '48aff91c185aa073de2cb4a6a4fefadaea9a29c777e9065893f7f04208ed01d6',
    '036-subtitle-event-kinds.ts': '775a072ff4a4852cc14f717ff32272768874df9849b49108e366ad3ebb293f95',
    '037-restored-events.ts': '95376f52f51fa16c7d2bde429739891dbaa26f78200f1d8f4237a1b9950e133a',
  },
};

const ENGINES = [
  { engine: 'sqlite', folder: 'server/src/db/sqlite/migrations', migrations: SQLITE_MIGRATIONS },
  { engine: 'postgres', folder: 'server/src/db/postgres/migrations', migrations: POSTGRES_MIGRATIONS },
] as const;

/** A migration's file is named with its number and what it does: 019-video-storage.ts. */
const MIGRATION_FILE = /^(\d{3})-[a-z0-9]+(?:-[a-z0-9]+)*\.ts$/;

/** Line endings as git stores them, so a checkout with CRLF hashes the same. */
const sha256 = (file: string) => createHash('sha256').update(fs.readFileSync(file, 'utf8').replaceAll('\r\n', '\n')).digest('hex');

const migrationFiles = (folder: string) =>
  fs
    .readdirSync(path.join(ROOT, folder))
    .filter((name) => name !== 'index.ts')
    .sort();

for (const { engine, folder, migrations } of ENGINES) {
  describe(`the ${engine} migrations`, () => {
    it('are the shipped files, unchanged', () => {
      for (const [name, hash] of Object.entries(SHIPPED[engine])) {
        const file = path.join(ROOT, folder, name);
        expect(fs.existsSync(file), `${folder}/${name} is gone: a shipped migration never changes: add a new one`).toBe(true);
        expect(sha256(file), `${folder}/${name} changed: a shipped migration never changes: add a new one`).toBe(hash);
      }
    });

    it('are each in the list of shipped hashes', () => {
      for (const name of migrationFiles(folder).filter((n) => !(n in SHIPPED[engine]))) {
        const line = `'${name}': '${sha256(path.join(ROOT, folder, name))}',`;
        expect.fail(`${folder}/${name} is a new migration: add its hash to SHIPPED.${engine} in ${THIS_FILE}: ${line}`);
      }
    });

    it('are numbered from 1 without a gap and run in that order (index.ts)', async () => {
      const names = migrationFiles(folder);
      for (const [i, name] of names.entries()) {
        const number = MIGRATION_FILE.exec(name)?.[1];
        expect(number, `${folder}/${name}: a migration's file is named NNN-what-it-does.ts, numbered from 001`).toBe(
          String(i + 1).padStart(3, '0'),
        );
        const { default: migration } = (await import(path.join(ROOT, folder, name))) as { default: unknown };
        expect(migrations[i], `${folder}/index.ts must list ${name} as migration ${i + 1}: they run in the order of their numbers`).toBe(
          migration,
        );
      }
      expect(migrations.length, `${folder}/index.ts lists every migration of the folder, once`).toBe(names.length);
    });
  });
}
