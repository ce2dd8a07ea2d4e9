import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initI18n } from './i18n/i18n';
import { parseLaunch } from './launch/launch';
import { RoundLinkPage } from './history/RoundLinkPage';
import './styles/app.css';

const launch = parseLaunch(window.location.search);
// An operator's signed round-details link (docs/player-client.md#history) opens that page alone.
const isRoundLink = new URLSearchParams(window.location.search).get('view') === 'round';

void initI18n(launch.language).then(() => {
  const root = document.getElementById('root');
  if (!root) throw new Error('no #root element');
  createRoot(root).render(
    <StrictMode>
      {isRoundLink ? <RoundLinkPage search={window.location.search} /> : <App launch={launch} />}
    </StrictMode>,
  );
});
