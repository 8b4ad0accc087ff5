import { toast } from '@web/lib/use-toast';

/** product.md §8 Settings: the success and failure toasts of every settings save. */
export function settingsSaved(): void {
  toast({
    title: 'Settings updated',
    description: 'Your profile settings have been saved successfully.',
  });
}

export function settingsFailed(): void {
  toast({
    title: 'Error',
    description: 'Failed to update settings. Please try again.',
    variant: 'destructive',
  });
}
