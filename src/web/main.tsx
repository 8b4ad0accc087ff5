import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from '@web/app/app';
import { Toaster } from '@web/components/ui/toaster';
import { createQueryClient } from '@web/lib/query-client';
import { ThemeProvider } from '@web/lib/theme';
import './styles.css';

const queryClient = createQueryClient();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <App />
        <Toaster />
      </ThemeProvider>
    </QueryClientProvider>
  </StrictMode>,
);
