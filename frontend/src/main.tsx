// The global stylesheets first, so every component's own stylesheet comes after them in the cascade.
import './styles/tokens.css';
import './styles/base.css';
import './styles/shared.css';
// The shared UI components' styles: these components are on every screen (the shell's dialogs, menus
// and toasts; the fields and lists of most screens).
import './components/ui/toast.css';
import './components/ui/avatar.css';
import './components/ui/tooltip.css';
import './components/ui/dialog.css';
import './components/ui/dropdown-menu.css';
import './components/ui/form-field.css';
import './components/ui/select.css';
import './components/ui/sort-select.css';
import './components/ui/load-more-button.css';
import { setNonce } from 'get-nonce';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from '@/app/provider';
import { AppRouter } from '@/app/router';

// The response's CSP nonce, which the gateway wrote into the shell: the <style> elements Radix
// Select adds (its scroll lock's, through get-nonce; its listbox's, from getNonce) carry it, or the
// policy blocks them. The browser hides a nonce attribute once parsed, leaving the property.
const cspNonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
if (cspNonce) setNonce(cspNonce);

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);
