export { AlarmTable } from './components/AlarmTable';
export { AlarmSettingsForm } from './components/AlarmSettingsForm';
export { WARN_QUERY } from './components/codes';
