export { SpeakTestPage } from './pages/SpeakTestPage';
