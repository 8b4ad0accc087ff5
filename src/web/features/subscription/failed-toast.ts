import { failureMessage } from '@web/lib/api';
import { toast } from '@web/lib/use-toast';

/** A billing action's error toast: the server's words, else a plain retry line. */
export const failed = (title: string) => (error: Error) =>
  toast({
    title,
    description: failureMessage(error, 'Something went wrong. Please try again.'),
    variant: 'destructive',
  });
