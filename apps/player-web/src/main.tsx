import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initI18n } from './i18n/i18n';
import { parseLaunch } from './launch/launch';
import './styles/app.css';

const launch = parseLaunch(window.location.search);

void initI18n(launch.language).then(() => {
  const root = document.getElementById('root');
  if (!root) throw new Error('no #root element');
  createRoot(root).render(
    <StrictMode>
      <App launch={launch} />
    </StrictMode>,
  );
});
