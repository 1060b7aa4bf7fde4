import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { ErrorCode } from '../../shared/error-codes.ts';
import { idSchema } from '../../shared/schemas/common.schema.ts';
import { AppError, badInput } from './errors.ts';

/**
 * A multipart upload of one image (D13): the file in the field `fileField` and the id of what it
 * belongs to in `idField` (a profile's, an organisation's). The 5 MB limit is enforced while
 * streaming (413); a body the parser cannot read, a missing id or file is a 400 naming the field.
 */
export async function readUpload(req: FastifyRequest, fileField: string, idField: string): Promise<{ id: string; file: Buffer }> {
  if (!req.isMultipart()) throw badInput(fileField, 'send multipart/form-data with the image file');
  let id: string | undefined;
  let file: Buffer | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field' && part.fieldname === idField) id = String(part.value);
      else if (part.type === 'file' && part.fieldname === fileField) file = await readLimited(part as MultipartFile, fileField);
      else if (part.type === 'file') await (part as MultipartFile).toBuffer().catch(() => undefined);
    }
  } catch (error) {
    // The multipart parser throws plain Errors for a body it cannot read ("Unexpected end
    // of multipart data", "Boundary not found") and its own 4xx for forbidden field names
    // or too many parts: the sender's fault, not a 500, and D4 names the field.
    if (error instanceof AppError) throw error;
    if ((error as { statusCode?: number }).statusCode === 413)
      throw new AppError(413, ErrorCode.fileTooLarge, 'The upload is too large or has too many parts.', fileField);
    throw badInput(fileField, `the multipart body could not be read (${(error as Error).message})`);
  }
  const parsed = idSchema.safeParse(id);
  if (!parsed.success) throw badInput(idField, `required: the id of the ${idField === 'profileId' ? 'profile' : 'organisation'}`);
  if (!file) throw badInput(fileField, 'required: the image file');
  return { id: parsed.data, file };
}

async function readLimited(part: MultipartFile, field: string): Promise<Buffer> {
  try {
    const data = await part.toBuffer();
    if (part.file.truncated) throw new AppError(413, ErrorCode.fileTooLarge, 'The image is larger than 5 MB.', field);
    return data;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, ErrorCode.fileTooLarge, 'The image is larger than 5 MB.', field);
    throw error;
  }
}
