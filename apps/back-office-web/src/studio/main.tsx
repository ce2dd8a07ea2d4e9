import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from '../i18n/i18n';
import '../styles/app.css';
import { StudioApp } from './StudioApp';

void initI18n().then(() => {
  const root = document.getElementById('root');
  if (!root) throw new Error('no #root element');
  createRoot(root).render(
    <StrictMode>
      <StudioApp />
    </StrictMode>,
  );
});
