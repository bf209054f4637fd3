import account from './account';
import common from './common';
import home from './home';
import menu from './menu';
import operLog from './oper-log';
import personal from './personal';
import user from './user';
import device from './device';
import deviceCode from './device-code';
import deviceCard from './device-card';
import model from './model';
import group from './group';
import app from './app';
import manufacturer from './manufacturer';
import job from './job';
import template from './template';
import business from './business';
import api from './api';
import speakTest from './speak-test';
import records from './records';
import otaTask from './ota-task';
import cohort from './cohort';
import pushTask from './push-task';
import otaFiles from './ota-files';
import notice from './notice';
import msg from './msg';
import pushAlarm from './push-alarm';
import geo from './geo';
import help from './help';
import jobControl from './job-control';

import live from './live';
import deviceTypes from './device-types';

export default {
  ...common,
  ...menu,
  ...home,
  ...account,
  ...user,
  ...personal,
  ...operLog,
  ...device,
  ...deviceCode,
  ...deviceCard,
  ...model,
  ...group,
  ...app,
  ...manufacturer,
  ...job,
  ...template,
  ...business,
  ...api,
  ...speakTest,
  ...records,
  ...otaTask,
  ...cohort,
  ...pushTask,
  ...otaFiles,
  ...notice,
  ...msg,
  ...pushAlarm,
  ...geo,
  ...help,
  ...jobControl,

  ...live,
  ...deviceTypes,
};
