import { S3Store } from '@tus/s3-store';
import { s3ClientConfig, type S3StoreSettings } from '../media/s3-media-store';

/** The smallest part S3 takes but the last; tus buffers one on disk before sending it. */
const PART_BYTES = 8 * 1024 * 1024;

/**
 * tus's S3 store (@tus/s3-store) with its objects where the media store's keys say: under
 * `<bucket prefix><folder>/`, so an upload `<id>` is the media key `<folder>/<id>` (what the pipeline
 * reads) and its description `<folder>/<id>.json`, as the folder store names it (@tus/s3-store names it
 * `.info`; a purge and the pipeline's clean-up delete `.json`). @tus/s3-store has no key prefix of its
 * own: a middleware of its client puts one before every Key. Every node reaches every upload (the
 * description and the parts are in the bucket), so an upload begun on one node continues on another.
 * No object tags (not every S3-compatible store has them): tus itself refuses an upload past
 * `expirationPeriodInMilliseconds`, and the upload sweep removes it.
 */
export class PrefixedS3TusStore extends S3Store {
  constructor(settings: S3StoreSettings, folder: string, expirationPeriodInMilliseconds: number) {
    super({
      s3ClientConfig: { ...s3ClientConfig(settings), bucket: settings.bucket },
      partSize: PART_BYTES,
      useTags: false,
      expirationPeriodInMilliseconds,
    });
    const prefix = `${settings.prefix}${folder}/`;
    this.client.middlewareStack.add(
      (next) => async (args) => {
        const input = args.input as { Key?: string; Delete?: { Objects?: { Key?: string }[] } };
        const prefixed = { ...input };
        if (input.Key !== undefined) prefixed.Key = `${prefix}${input.Key}`;
        if (input.Delete?.Objects)
          prefixed.Delete = { ...input.Delete, Objects: input.Delete.Objects.map((o) => ({ ...o, Key: `${prefix}${o.Key ?? ''}` })) };
        return next({ ...args, input: prefixed as typeof args.input });
      },
      { step: 'initialize', name: 'vpTusKeyPrefix' },
    );
  }

  /** @tus/s3-store's removal leaves the unfinished last part (`<id>.part`, under 5 MiB) behind. */
  override async remove(id: string): Promise<void> {
    await super.remove(id);
    await this.deleteIncompletePart(id);
  }

  protected override infoKey(id: string): string {
    return `${id}.json`;
  }
}
