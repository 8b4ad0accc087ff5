/** `npm run email:preview`: every email template rendered to artifacts/email/ (HTML and text). */
import { writePreviews } from '../mail/previews';

const written = await writePreviews();
for (const file of Object.values(written)) console.log(file);
