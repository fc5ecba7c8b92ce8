import './lib/zodJitless';
import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { i18nReady } from './i18n/i18n';
import { startTheme } from './lib/theme';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';

startTheme();
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
// the first screen's strings come first: no key is shown in their place
void i18nReady.then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
