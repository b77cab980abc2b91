// Files received in a multipart form (imports, avatars, mission banners): the refusals of a request
// that is not multipart or carries no file, and the images' rule (spec §5): the type recognised from
// the content, never from what the client claims, then re-encoded to WebP before storage.
import sharp from 'sharp'
import { errors, HttpError } from '../../lib/http-error.ts'

/** What the multipart plugin adds to a request, the part this module reads. */
export type MultipartRequest<F> = { isMultipart: () => boolean; file: () => Promise<F | undefined> }

/** The request's one file; `noFile` is the refusal when there is none. */
export async function uploadedFile<F>(
  request: MultipartRequest<F>,
  notMultipart: string,
  noFile: () => HttpError,
): Promise<F> {
  if (!request.isMultipart()) throw errors.invalid(notMultipart)
  const file = await request.file()
  if (!file) throw noFile()
  return file
}

/** PNG, JPEG or WebP by magic bytes; anything else is refused. */
export function sniffImageType(buffer: Buffer): 'png' | 'jpeg' | 'webp' | null {
  if (buffer.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png'
  if (buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff) return 'jpeg'
  if (
    buffer.subarray(0, 4).toString('latin1') === 'RIFF' &&
    buffer.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'webp'
  }
  return null
}

const unsupported = () =>
  new HttpError(
    400,
    'UNSUPPORTED_IMAGE',
    'Format d’image non pris en charge : envoyez une image PNG, JPEG ou WebP.',
    { fields: { file: 'Format d’image non pris en charge.' } },
  )

/**
 * The request's image, re-encoded to a `width` × `height` WebP (cropped to cover). The file's own
 * size limit (the multipart plugin's) answers 413 while it is read.
 */
export async function uploadedImage(
  request: MultipartRequest<{ toBuffer: () => Promise<Buffer> }>,
  width: number,
  height: number,
): Promise<Buffer> {
  const file = await uploadedFile(request, 'Envoyez l’image dans un formulaire multipart.', () =>
    errors.invalid('Aucun fichier reçu.', { file: 'Aucun fichier reçu.' }),
  )
  const input = await file.toBuffer()
  if (!sniffImageType(input)) throw unsupported()
  try {
    return await sharp(input, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(width, height, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer()
  } catch {
    throw unsupported()
  }
}
