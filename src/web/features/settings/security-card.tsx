import { Download, ShieldCheck } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { toast } from '@web/lib/use-toast';
import { useDownloadExport } from './api/download-export';
import { ChangePasswordDialog } from './change-password-dialog';

/** product.md §2 Settings: Change Password and Download My Data. */
export function SecurityCard() {
  const download = useDownloadExport();

  function downloadData() {
    download.mutate(undefined, {
      onSuccess: () =>
        toast({
          title: 'Download started',
          description: 'Your data is being saved as a JSON file.',
        }),
      onError: () =>
        toast({
          title: 'Download failed',
          description: 'Failed to download your data. Please try again.',
          variant: 'destructive',
        }),
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <ShieldCheck aria-hidden="true" className="size-5 text-primary" />
          <h2>Security</h2>
        </CardTitle>
        <CardDescription>Your password and your data.</CardDescription>
      </CardHeader>
      <CardContent className="divide-y">
        <div className="flex flex-col gap-3 pb-5 sm:flex-row sm:items-center sm:justify-between">
          <div className="space-y-1">
            <h3 className="text-sm font-medium">Password</h3>
            <p className="text-sm text-muted-foreground">
              Changing it signs you out on every other device.
            </p>
          </div>
          <ChangePasswordDialog />
        </div>
        <div className="flex flex-col gap-3 pt-5 sm:flex-row sm:items-center sm:justify-between">
          <div className="space-y-1">
            <h3 className="text-sm font-medium">Your data</h3>
            <p className="text-sm text-muted-foreground">
              A JSON file with your account, plan history and your videos&apos; details.
            </p>
          </div>
          <Button
            variant="outline"
            className="w-full sm:w-auto"
            onClick={downloadData}
            disabled={download.isPending}
          >
            <Download aria-hidden="true" />
            {download.isPending ? 'Preparing...' : 'Download My Data'}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
