import type { RoutesPlugin } from '../lib/deps';
import accountRoutes from './accounts/routes';
import applicationRoutes from './applications/routes';
import authRoutes from './auth/routes';
import commonRoutes from './common/routes';
import deviceCardRoutes from './device-card/routes';
import qrBrandRoutes from './qr-brand/routes';
import deviceLinkRoutes from './device-link/routes';
import deviceRoutes from './devices/routes';
import fleetCommonRoutes from './fleet-common/routes';
import groupRoutes from './groups/routes';
import mailRoutes from './mail/routes';
import manufacturerRoutes from './manufacturers/routes';
import modelRoutes from './models/routes';
import deviceTypeRoutes from './device-types/routes';
import openApiRoutes from './open-api/routes';
import operLogRoutes from './oper-log/routes';
import personalRoutes from './personal/routes';
import roleRoutes from './roles/routes';
import userRoutes from './users/routes';
import templateRoutes from './templates/routes';
import businessRoutes from './businesses/routes';
import accountApiRoutes from './account-api/routes';
import webhookRoutes from './webhooks/routes';
import recordRoutes from './records/routes';
import tradeSpeakRoutes from './trade-speak/routes';
import speakTestRoutes from './speak-test/routes';
import pushTaskRoutes from './push-tasks/routes';
import fileRoutes from './files/routes';
import firmwareRoutes from './firmware/routes';
import resourcePackageRoutes from './resource-packages/routes';
import smartConfigRoutes from './smart-config/routes';
import otaTaskRoutes from './ota-tasks/routes';
import cohortRoutes from './cohorts/routes';
import dashboardRoutes from './dashboard/routes';
import noticeRoutes from './notices/routes';
import messageRoutes from './messages/routes';
import pushAlarmRoutes from './push-alarms/routes';
import locationRoutes from './locations/routes';
import fenceRoutes from './geo-fences/routes';
import opsRoutes from './ops/routes';
import liveRoutes from './live/routes';

/** Every module's routes, registered in this order. */
export const modules: RoutesPlugin[] = [
  authRoutes,
  accountRoutes,
  commonRoutes,
  dashboardRoutes,
  noticeRoutes,
  messageRoutes,
  pushAlarmRoutes,
  locationRoutes,
  fenceRoutes,
  operLogRoutes,
  mailRoutes,
  userRoutes,
  roleRoutes,
  personalRoutes,
  deviceLinkRoutes,
  modelRoutes,
  deviceTypeRoutes,
  groupRoutes,
  deviceRoutes,
  deviceCardRoutes,
  qrBrandRoutes,
  applicationRoutes,
  manufacturerRoutes,
  fleetCommonRoutes,
  templateRoutes,
  businessRoutes,
  accountApiRoutes,
  webhookRoutes,
  recordRoutes,
  tradeSpeakRoutes,
  speakTestRoutes,
  pushTaskRoutes,
  fileRoutes,
  firmwareRoutes,
  resourcePackageRoutes,
  smartConfigRoutes,
  otaTaskRoutes,
  cohortRoutes,
  openApiRoutes,
  opsRoutes,
  liveRoutes,
];
