import { BadRequestException, HttpException, HttpStatus } from '@nestjs/common';
import type { Request, Response } from 'express';
import multer from 'multer';
import { AUTH_MESSAGES, LIMITS } from '@app/contracts';

// A picture is at most 5 MB, so holding one in memory is bounded; videos stream instead.
const parseProfileImage = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: LIMITS.profileImageMaxBytes, files: 1, fields: 10, parts: 12 },
}).single('profileImage');

/** Reads the multipart `profileImage` field; 413 over 5 MB, 400 when it is missing or malformed. */
export function readProfileImage(req: Request, res: Response): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    parseProfileImage(req, res, (error: unknown) => {
      if (error) return reject(toHttpError(error));
      const file = req.file;
      if (!file || file.size === 0) return reject(new BadRequestException({ message: AUTH_MESSAGES.imageRequired }));
      resolve(file.buffer);
    });
  });
}

function toHttpError(error: unknown): HttpException {
  if (error instanceof multer.MulterError) {
    if (error.code === 'LIMIT_FILE_SIZE') {
      return new HttpException({ message: AUTH_MESSAGES.imageTooLarge }, HttpStatus.PAYLOAD_TOO_LARGE);
    }
    if (error.code === 'LIMIT_UNEXPECTED_FILE' || error.code === 'LIMIT_FILE_COUNT') {
      return new BadRequestException({ message: AUTH_MESSAGES.imageRequired });
    }
    return new BadRequestException({ message: `Invalid upload: ${error.message}` });
  }
  // busboy: a body that is not well-formed multipart.
  return new BadRequestException({ message: 'The upload must be a multipart/form-data body' });
}
