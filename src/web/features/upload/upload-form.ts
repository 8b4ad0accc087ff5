import type { z } from 'zod';
import { uploadDetailsForm } from '@shared/videos.contract';
import { classDetailsForm } from '@web/lib/class-details-form';

/**
 * The upload screen's form: the upload's details (the contract's uploadDetailsForm) and, under
 * `details`, the class's details (issue #20), all optional.
 */
export const uploadForm = uploadDetailsForm.safeExtend({ details: classDetailsForm });
export type UploadFormInput = z.input<typeof uploadForm>;
export type UploadForm = z.output<typeof uploadForm>;
