import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { ComingSoonPage } from './pages/ComingSoonPage';

type Page = LazyExoticComponent<ComponentType> | ComponentType;

const named = <M extends Record<string, unknown>>(load: () => Promise<M>, key: keyof M) =>
  lazy(async () => ({ default: (await load())[key] as ComponentType }));

const accounts = () => import('../features/accounts');
const users = () => import('../features/users');
const roles = () => import('../features/roles');
const devices = () => import('../features/devices');
const models = () => import('../features/device-models');
const applications = () => import('../features/applications');
const manufacturers = () => import('../features/manufacturers');
const records = () => import('../features/records');
const templates = () => import('../features/templates');
const businesses = () => import('../features/businesses');
const otaTasks = () => import('../features/ota-tasks');
const cohorts = () => import('../features/cohorts');
const pushTasks = () => import('../features/push-tasks');
const firmware = () => import('../features/firmware');
const resourcePackages = () => import('../features/resource-packages');
const smartConfig = () => import('../features/smart-config');
const notices = () => import('../features/notices');
const messages = () => import('../features/messages');
const deviceMap = () => import('../features/device-map');
const geoFences = () => import('../features/geo-fences');

/**
 * Route name (from the contract's route tree) → page. The shell composes the features here;
 * every other menu route shows the "coming soon" placeholder so the menu works.
 */
const PAGES: Record<string, Page> = {
  home: named(() => import('../features/home'), 'HomePage'),
  account: named(accounts, 'AccountListPage'),
  'account.add': named(accounts, 'AccountAddPage'),
  'account.detail': named(accounts, 'AccountDetailPage'),
  'account.edit': named(accounts, 'AccountEditPage'),
  user: named(users, 'UserListPage'),
  'user.add': named(users, 'UserAddPage'),
  'user.edit': named(users, 'UserEditPage'),
  'user.details': named(users, 'UserDetailsPage'),
  'user.addRoles': named(users, 'UserAddRolesPage'),
  role: named(roles, 'RoleListPage'),
  'role.add': named(roles, 'RoleAddPage'),
  'role.edit': named(roles, 'RoleEditPage'),
  'role.details': named(roles, 'RoleDetailsPage'),
  deviceMap: named(deviceMap, 'DeviceMapPage'),
  // one location page for the map's two variants, the device detail and a fence's devices
  'deviceMap.detailOp': named(deviceMap, 'DeviceLocationPage'),
  'deviceMap.detailAc': named(deviceMap, 'DeviceLocationPage'),
  'deviceList.gsDetail': named(deviceMap, 'DeviceLocationPage'),
  'geoFence.gsDetail': named(deviceMap, 'DeviceLocationPage'),
  deviceList: named(devices, 'DeviceListPage'),
  'deviceList.add': named(devices, 'DeviceAddPage'),
  'deviceList.batchAdd': named(devices, 'DeviceBatchAddPage'),
  'deviceList.detail': named(devices, 'DeviceDetailPage'),
  'deviceList.editPrint': named(devices, 'DeviceEditPrintPage'),
  'deviceList.deleteList': named(devices, 'DeviceDeletedListPage'),
  'deviceList.silenceList': named(() => import('./pages/DeviceSilenceListPage'), 'DeviceSilenceListPage'),
  deviceCode: named(devices, 'DeviceCodePage'),
  deviceApply: named(devices, 'DeviceApplyListPage'),
  'deviceApply.detail': named(devices, 'DeviceApplyDetailPage'),
  'deviceApply.edit': named(devices, 'DeviceApplyEditPage'),
  deviceModel: named(models, 'ModelListPage'),
  'deviceModel.add': named(models, 'ModelAddPage'),
  'deviceModel.detail': named(models, 'ModelDetailPage'),
  deviceType: named(() => import('../features/device-types'), 'DeviceTypeListPage'),
  deviceGroup: named(() => import('../features/device-groups'), 'GroupListPage'),
  deviceFactory: named(manufacturers, 'ManufacturerPage'),
  deviceCert: named(manufacturers, 'LicenceCertPage'),
  apply: named(applications, 'AppListPage'),
  'apply.add': named(applications, 'AppAddPage'),
  'apply.detail': named(applications, 'AppDetailPage'),
  operLog: named(() => import('../features/oper-log'), 'OperLogPage'),
  template: named(templates, 'TemplateListPage'),
  'template.add': named(templates, 'TemplateAddPage'),
  'template.edit': named(templates, 'TemplateEditPage'),
  'template.detail': named(templates, 'TemplateDetailPage'),
  business: named(businesses, 'BusinessListPage'),
  'business.add': named(businesses, 'BusinessAddPage'),
  'business.edit': named(businesses, 'BusinessEditPage'),
  'business.detail': named(businesses, 'BusinessDetailPage'),
  api: named(() => import('../features/account-api'), 'AccountApiPage'),
  speakTest: named(() => import('../features/speak-test'), 'SpeakTestPage'),
  userCenter: named(() => import('../features/personal'), 'PersonalCentrePage'),
  printRecord: named(records, 'PrintRecordListPage'),
  'printRecord.detail': named(records, 'PrintRecordDetailPage'),
  broadcastRecord: named(records, 'BroadcastRecordListPage'),
  'broadcastRecord.detail': named(records, 'BroadcastRecordDetailPage'),
  tradeSpeak: named(records, 'TradeSpeakListPage'),
  'tradeSpeak.detail': named(records, 'TradeSpeakDetailPage'),
  'tradeSpeak.setting': named(records, 'TradeSpeakSettingPage'),
  general: named(records, 'GeneralRecordListPage'),
  'general.detail': named(records, 'GeneralRecordDetailPage'),
  publish: named(records, 'PublishRecordListPage'),
  'publish.detail': named(records, 'PublishRecordDetailPage'),
  delivery: named(records, 'DeliveryRecordListPage'),
  'delivery.detail': named(records, 'DeliveryRecordDetailPage'),
  task: named(otaTasks, 'OtaTaskListPage'),
  'task.add': named(otaTasks, 'OtaTaskAddPage'),
  'task.edit': named(otaTasks, 'OtaTaskEditPage'),
  'task.detail': named(otaTasks, 'OtaTaskDetailPage'),
  cohort: named(cohorts, 'CohortListPage'),
  'cohort.add': named(cohorts, 'CohortAddPage'),
  'cohort.detail': named(cohorts, 'CohortDetailPage'),
  pushTask: named(pushTasks, 'PushTaskListPage'),
  'pushTask.add': named(pushTasks, 'PushTaskAddPage'),
  'pushTask.detail': named(pushTasks, 'PushTaskDetailPage'),
  firmware: named(firmware, 'FirmwareListPage'),
  'firmware.add': named(firmware, 'FirmwareAddPage'),
  'firmware.detail': named(firmware, 'FirmwareDetailPage'),
  package: named(resourcePackages, 'ResourcePackageListPage'),
  'package.add': named(resourcePackages, 'ResourcePackageAddPage'),
  'package.detail': named(resourcePackages, 'ResourcePackageDetailPage'),
  smartConfig: named(smartConfig, 'SmartConfigListPage'),
  'smartConfig.add': named(smartConfig, 'SmartConfigAddPage'),
  'smartConfig.edit': named(smartConfig, 'SmartConfigEditPage'),
  'smartConfig.detail': named(smartConfig, 'SmartConfigDetailPage'),
  notice: named(notices, 'NoticeListPage'),
  'notice.add': named(notices, 'NoticeAddPage'),
  'notice.edit': named(notices, 'NoticeEditPage'),
  'notice.detail': named(notices, 'NoticeDetailPage'),
  geoFence: named(geoFences, 'FenceListPage'),
  'geoFence.add': named(geoFences, 'FenceAddPage'),
  'geoFence.edit': named(geoFences, 'FenceEditPage'),
  'geoFence.detail': named(geoFences, 'FenceDetailPage'),
  'msg.list': named(messages, 'MessageListPage'),
  'msg.detail': named(messages, 'MessageDetailPage'),
  'msg.detailSys': named(messages, 'SystemMessageDetailPage'),
  help: named(() => import('../features/help'), 'HelpCentrePage'),
};

export function pageFor(name: string): Page {
  return PAGES[name] ?? ComingSoonPage;
}
