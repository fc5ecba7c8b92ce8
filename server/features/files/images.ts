import fsp from 'node:fs/promises';
import sharp from 'sharp';

/** Refuse images that would decode to more pixels than this (decompression bombs). */
const MAX_PIXELS = 60_000_000;

export interface ImageSizes {
  displayMax: number;
  thumb: number;
}

export interface PreparedImage {
  width: number;
  height: number;
  /** A scaled copy (webp) when the image is larger than the display size. */
  displayPath: string | null;
  thumbPath: string;
}

const RASTER = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp']);

/**
 * Rewrites a raster image in place without its metadata (camera, location), turned upright by
 * its orientation tag, and writes a thumbnail and, for large images, a scaled display copy.
 * An SVG is kept as it is (it is served only as a download) and gets a raster thumbnail.
 * Throws when the bytes are not a readable image.
 */
export async function prepareImage(filePath: string, ext: string, sizes: ImageSizes): Promise<PreparedImage> {
  const input = { limitInputPixels: MAX_PIXELS, failOn: 'error' as const };
  let width: number;
  let height: number;
  if (RASTER.has(ext)) {
    const animated = ext === 'gif' || ext === 'webp';
    const cleanPath = `${filePath}.clean`;
    let pipeline = sharp(filePath, { ...input, animated }).rotate();
    if (ext === 'png') pipeline = pipeline.png();
    else if (ext === 'gif') pipeline = pipeline.gif();
    else if (ext === 'webp') pipeline = pipeline.webp({ quality: 90 });
    else pipeline = pipeline.jpeg({ quality: 92, mozjpeg: true });
    // sharp writes no metadata unless asked to: EXIF, GPS, XMP and IPTC are all left behind.
    const info = await pipeline.toFile(cleanPath);
    await fsp.rename(cleanPath, filePath);
    width = info.width;
    height = 'pageHeight' in info && typeof info.pageHeight === 'number' ? info.pageHeight : info.height;
  } else {
    const meta = await sharp(filePath, input).metadata();
    width = meta.width ?? 0;
    height = meta.height ?? 0;
  }
  const thumbPath = `${filePath}.thumb`;
  await sharp(filePath, input)
    .resize(sizes.thumb, sizes.thumb, { fit: 'cover', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toFile(thumbPath);
  let displayPath: string | null = null;
  if (RASTER.has(ext) && Math.max(width, height) > sizes.displayMax) {
    displayPath = `${filePath}.display`;
    await sharp(filePath, input)
      .resize(sizes.displayMax, sizes.displayMax, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toFile(displayPath);
  }
  return { width, height, displayPath, thumbPath };
}

/** A profile emblem: the image cut to a centred square of `size` pixels, as webp. */
export async function makeEmblem(filePath: string, size: number): Promise<string> {
  const out = `${filePath}.emblem`;
  await sharp(filePath, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
    .rotate()
    .resize(size, size, { fit: 'cover', position: 'attention' })
    .webp({ quality: 85 })
    .toFile(out);
  return out;
}
