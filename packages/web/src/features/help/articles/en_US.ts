import type { HelpTexts } from '../components/article-text';

/**
 * The help centre's articles. They are structured (lists, tables), so they stay out of the i18n
 * resources, whose values are strings; the help page picks the language's set. zh_CN.ts has
 * the same articles with the same shape (a test compares them).
 */
export const articles: HelpTexts = {
  gettingStarted: {
    title: 'Getting started',
    summary: 'Operators and accounts, roles, your first sign-in, the lock screen and the language.',
    sections: [
      {
        heading: 'Two sides of one console',
        blocks: [
          'Herald has two kinds of users. Operators run the platform: they see every account and look after accounts, models, manufacturers, firmware and notices. Account users belong to one account (a merchant or an integrator) and see only its devices, templates, records and users.',
          {
            table: [
              ['Side', 'Role family', 'The header shows', 'Pages of this side only'],
              [
                'Operators',
                'herald.op',
                'Operations platform',
                'Accounts, models, manufacturers, SmartConfig app, notices',
              ],
              [
                'Account users',
                'herald.ac',
                "The account's name",
                'Groups, device QR code, businesses, print templates, API settings, speak test, geofences',
              ],
            ],
          },
          'The role family comes with the kind of user you are; what you may open within it comes from the roles an administrator gave you. The sidebar shows only the pages your roles allow.',
          'After signing in, users who hold the device QR code page land on it; everyone else lands on Home. Every page you open becomes a tab above the page; Home always stays.',
        ],
      },
      {
        heading: 'First sign-in and passwords',
        blocks: [
          {
            list: [
              'A new user receives an activation email. Its link sets the password and works for 7 days; an administrator can send a new one.',
              'The first operator administrator (admin), and anyone whose password an administrator reset, must change the password before anything else: the console opens "Change the initial password" first.',
              'A password has 8 to 16 characters from letters, digits and ~!@#$%*&_, with at least two of those three kinds.',
              'Five wrong passwords in a row lock the user until an administrator unlocks it.',
              'Your password, email and message language are in the personal centre (the user menu at the top right).',
            ],
          },
        ],
      },
      {
        heading: 'Lock screen',
        blocks: [
          'Choose Lock screen in the user menu when you leave your desk. The console stays covered, also after reloading the page, until your login password is entered again. Wrong answers count towards the five that lock your user. "Sign in as another user" signs you out instead.',
        ],
      },
      {
        heading: 'Language',
        blocks: [
          'The globe in the header (and on the sign-in page) switches between 简体中文 and English. The choice is kept in this browser, and the server answers in it too. A link can choose the language with ?lang=zh_CN or ?lang=en_US; without any choice the browser language decides.',
          'The language device alert messages are written in is a setting of its own: personal centre, Message language.',
        ],
      },
    ],
  },

  devices: {
    title: 'Devices',
    summary: 'Device statuses, online and offline, and what pause, mute, restart, log upload and the QR switch do.',
    sections: [
      {
        heading: 'Statuses',
        blocks: [
          {
            table: [
              ['Status', 'Meaning'],
              [
                '-1 Deleted',
                'In the deleted devices list, and disconnected. Its S/N is free for another device; it can be restored (enabled again) unless that S/N has been taken meanwhile.',
              ],
              ['0 Not enabled', 'Known to Herald but not enabled: it is refused when it connects.'],
              [
                '1 Disabled',
                'Switched off by an administrator: it is disconnected at once and refused when it connects again.',
              ],
              ['2 Enabled', 'May connect and receive jobs. Devices added in the console or imported start enabled.'],
            ],
          },
        ],
      },
      {
        heading: 'Online and offline',
        blocks: [
          "Online means the device is connected to Herald's MQTT broker now; its online tag in the list tells since when. The detail page shows its latest report (battery, network, printer state, firmware), refreshed every 5 seconds, and its online history.",
          'Jobs for an offline device are not lost: they wait in order and go out when it connects, unless they expire first (after 5 minutes unless the request chose another time).',
        ],
      },
      {
        heading: 'Actions',
        blocks: [
          {
            table: [
              ['Action', 'What happens'],
              [
                'Pause / Restore',
                'A paused device is sent no jobs: they wait (status 0) and go out in order when it is restored.',
              ],
              [
                'Mute / Unmute',
                'The speaker stays silent for 24 hours, then unmutes by itself. A broadcast sent to it meanwhile ends failed with the reason "Muted".',
              ],
              ['Restart', 'The device acknowledges, restarts and connects again.'],
              [
                'Upload logs',
                'The device uploads its log file (at most 5 MB) to a one-time address that works for 30 minutes. The file is listed under Logs on the detail page, for download.',
              ],
              [
                'QR code switch',
                "Shows or hides the device's QR code, optionally with a QR password of 4 to 16 letters or digits (empty removes it).",
              ],
              ['Switch group', 'Moves the devices to another group of their account.'],
              ['Enable / Disable', 'Status 2 or 1, as above.'],
            ],
          },
          'Restart and log upload need the device online ("device not online" otherwise). Pause, mute and the QR switch are saved at once; an offline device receives them when it reconnects. A command the device does not answer within two minutes shows "No answer". Most actions also work on several selected devices at once.',
        ],
      },
      {
        heading: "The device's QR code",
        blocks: [
          'Scanning a device\'s QR code opens a public page with its name, S/N, model, online status and firmware, and nothing of its account. With a QR password the page asks for it first; after five wrong passwords from one address within 15 minutes it refuses more until those 15 minutes are over. A device whose QR code is off shows "This device is not available".',
        ],
      },
      {
        heading: 'Adding devices',
        blocks: [
          'Add one device, or import up to 5,000 from an xlsx or xls file (Batch add). Devices that register themselves through an application are also listed under Device registrations, by application.',
        ],
      },
    ],
  },

  templates: {
    title: 'Print templates and businesses',
    summary: 'Receipt markup with placeholders, paper widths, the simulation, and businesses.',
    sections: [
      {
        heading: 'Templates',
        blocks: [
          'A print template is receipt markup in receiptline, a plain-text format: lines of text, columns separated by |, and properties in braces such as {width:*,8}. Write {{name}} where a value of the print request goes.',
          {
            list: [
              'A placeholder name has letters, digits and underscores, starts with a letter or an underscore and has at most 32 characters. "Pick up placeholders from the body" declares the ones you used; give each a sample value for the simulation.',
              'Values are printed as text: a value can never add markup, cut the paper or open a cash drawer.',
              'Every placeholder needs a value in the request; without one the print is refused ("A template parameter is missing").',
              'A template names a printer model and a command set (ESC/POS or StarPRNT). A print with it to a printer of another model is refused.',
              'The body has at most 20,000 characters. A template that a business uses cannot be deleted.',
            ],
          },
        ],
      },
      {
        heading: 'Paper width',
        blocks: [
          {
            table: [
              ['Paper', 'Characters per line'],
              ['58 mm', '32'],
              ['80 mm', '48'],
            ],
          },
          "A receipt is rendered for its device when the job is created: at the device's paper width (from its print settings) and in the encoding of its print language (GB18030 for simplified Chinese).",
        ],
      },
      {
        heading: 'Simulation',
        blocks: [
          'The template form shows the receipt at 58 mm and at 80 mm side by side and follows the body and the sample values as you type; Simulate renders it at once. It warns about placeholders that are not declared or have no sample value. A saved template shows its preview with the saved samples on its detail page.',
        ],
      },
      {
        heading: 'Businesses',
        blocks: [
          'A business lets an integrator name a business ID in a request instead of a template or the words to speak.',
          {
            table: [
              ['Type', 'Holds', 'Used with'],
              ['0 Print', 'a print template', '/open/v1/print'],
              ['1 Broadcast', 'voice text with {{name}} placeholders', '/open/v1/speak'],
              ['2 Notification', 'voice text with {{name}} placeholders', '/open/v1/speak'],
            ],
          },
        ],
      },
    ],
  },

  records: {
    title: 'Print and broadcast records',
    summary: 'What each job status means, general request results, and how long records are kept.',
    sections: [
      {
        heading: 'Job statuses',
        blocks: [
          'Every print, speech and transaction broadcast is a job. Its status only moves forward; 3, 4 and 5 are final.',
          {
            table: [
              ['Status', 'Name', 'Meaning'],
              ['0', 'Not pushed', 'Stored; the device is offline or paused, or the job is about to go out.'],
              ['1', 'Pushed', 'Sent to the device, not acknowledged yet.'],
              ['2', 'Push succeeded', 'The device acknowledged it.'],
              ['3', 'Success', 'Printed or played.'],
              ['4', 'Failed', 'The device reported a failure, with the reason.'],
              ['5', 'Timeout', 'Not finished before it expired.'],
            ],
          },
          'Broadcast records (speech and transaction broadcasts) use the same statuses; 3 and 4 read "Broadcast success" and "Broadcast failed" there, and "Print success" and "Print failed" on print records.',
          'Failure reasons: out of paper, cover open, overheating, printer error, voice clip missing, muted, invalid job, other; "Expired" for a timeout.',
        ],
      },
      {
        heading: 'Which page shows what',
        blocks: [
          {
            table: [
              ['Page', 'Shows'],
              ['Print records', 'print jobs: the request and its delivery in one row'],
              ['Broadcast records', 'speech and transaction broadcast jobs'],
              ['Transaction broadcasts', 'transaction broadcasts with amount, currency and payment type'],
              ['General requests', 'every open API call with the code and message it got, refused ones included'],
              ['Publish records', 'each time a job was sent to its device (a reconnect sends it again)'],
              ['Delivery records', 'jobs with their delivery timing'],
            ],
          },
          "A record's detail shows its timeline (requested, pushed, acknowledged, finished) and the status pushes sent to the account's push address. A publish record of status 0 means the gateway did not take the message (busy, or refused by the MQTT broker); the job waits and goes out later.",
        ],
      },
      {
        heading: 'General request results',
        blocks: [
          {
            table: [
              ['Result', 'Meaning'],
              ['0 Failed', 'The call was refused, or its job failed (4) or timed out (5).'],
              ['1 Success', 'The call was answered, or its job succeeded (3).'],
              ['2 Processing', 'An accepted print, speech or transaction broadcast call whose job has not ended.'],
            ],
          },
        ],
      },
      {
        heading: 'How long records are kept',
        blocks: [
          "Records are kept for 90 days; a time range cannot reach further back. Operators see every account's records, account users their own account's.",
        ],
      },
    ],
  },

  openApi: {
    title: 'Open API',
    summary: 'Signing requests, the app key and secret, push addresses (webhooks) and the SDK.',
    sections: [
      {
        heading: 'App key and secret',
        blocks: [
          'Each account has one app key and secret, on Developer → API settings (/system/api). Generate the secret there to get the app key. The secret is shown only once; showing it again asks for your login password. Rotating it makes the old secret stop working.',
        ],
      },
      {
        heading: 'Signing a request',
        blocks: [
          'Every call is a POST with a JSON body under /open/v1/ and carries four headers:',
          {
            table: [
              ['Header', 'Value'],
              ['x-herald-appkey', 'your app key'],
              ['x-herald-timestamp', "now in milliseconds, within ±5 minutes of Herald's clock"],
              ['x-herald-nonce', 'a fresh random string of 8 to 64 letters, digits, _ or -, never used twice'],
              ['x-herald-signature', 'lower-case hex HMAC-SHA256 of the string to sign, keyed with the secret'],
            ],
          },
          'The string to sign is six lines joined by line breaks: the app key, the timestamp, the nonce, the method in upper case, the path without its query string, and the lower-case hex SHA-256 of the body exactly as sent.',
          {
            list: [
              '40020 Signature verification failed (also for an unknown app key, a missing header or a badly formed nonce)',
              '40021 The request timestamp differs from the server time by more than 5 minutes',
              '40022 The nonce has already been used',
            ],
          },
        ],
      },
      {
        heading: 'Calls',
        blocks: [
          {
            table: [
              ['Call', 'What it does'],
              ['/open/v1/print', 'prints a receipt from a template, a print business or markup'],
              ['/open/v1/speak', 'speaks text, voice clips or a broadcast business'],
              ['/open/v1/trade', 'announces a payment amount'],
              ['/open/v1/record', "a job's status, by order ID or job ID"],
              ['/open/v1/device', "a device's state"],
            ],
          },
          'Give every job an orderId of your own: sending the same request again answers with the job already stored, so a retry never prints twice.',
        ],
      },
      {
        heading: 'Push addresses (webhooks)',
        blocks: [
          'On API settings, set a push address for each event: print, speech and transaction broadcast. Herald POSTs every status change of a job there, with the fields of the record call plus the event, signed with the same secret: x-herald-signature is the hex HMAC-SHA256 of the x-herald-timestamp value, a line break and the raw body.',
          {
            list: [
              'Answer with any 2xx within 5 seconds. Otherwise Herald tries again after 1 s, 5 s, 30 s, 2 min, 10 min and 30 min, then gives up. Every attempt is on the Push log tab.',
              'Deliveries of one job may arrive out of order: keep the highest status you have seen for a jobId.',
              'Herald pushes only to addresses on the public internet, unless the platform allows private ones.',
            ],
          },
        ],
      },
      {
        heading: 'SDK and reference',
        blocks: [
          "packages/sdk in Herald's source is a typed TypeScript client (Node 20 or newer) that signs for you: print, speak, trade, record, device and waitForFinal. docs/open-api.md describes every call and error, with a worked signing example. The server's own API reference lists every call and its fields:",
        ],
      },
    ],
  },

  ota: {
    title: 'OTA upgrades and push tasks',
    summary:
      'Rolling firmware and language packs out to devices, and pushing settings, messages, resource packs and startup logos.',
    sections: [
      {
        heading: 'Upgrade tasks',
        blocks: [
          'A task sends one package (an app package, that is firmware, or a language pack) to devices of one account: all of them, chosen devices, groups or S/Ns. It starts now or at an effective time more than five minutes ahead, with retries (0 to 5, 2 by default), a timeout per attempt (30 minutes by default) and a pace (devices per minute, 0 for no limit).',
          'Devices that cannot take the package are skipped with the reason, for example disabled, another model, already on the target version, below the minimum version, or busy with another upgrade. When no device is left the task is not created ("No devices meet the upgrade conditions"). Only a task that has not started can be edited.',
        ],
      },
      {
        heading: 'Task status',
        blocks: [
          {
            table: [
              ['Status', 'Meaning'],
              ['1 Pending push', 'no device has been offered the package yet'],
              ['2 Upgrading', 'the first offer has gone out'],
              ['3 Success', 'ended with no device failed, timed out or cancelled'],
              ['4 Failed', 'ended with at least one such device'],
              ['5 Cancelled', 'no new offers; upgrades already running on devices finish'],
              ['6 Expired', '30 days after it started; devices not upgraded by then are cancelled'],
            ],
          },
          'The creation status follows the schedule: -1 create failed, 0 creating, 1 not started, 2 in progress, 3 ended, 4 cancelled, 5 expired.',
        ],
      },
      {
        heading: 'Each device',
        blocks: [
          'Each device of a task goes queued → offered → downloading → verifying → installing → succeeded, or ends failed, timed out, cancelled or skipped. It succeeds only when the device reconnects reporting the new version; one that comes back on the old version rolled back, and is tried again while attempts remain. Devices offline at the start are upgraded when they connect.',
          "A running task's detail refreshes every 2 seconds, with a progress chart and each device's history.",
        ],
      },
      {
        heading: 'Push tasks',
        blocks: [
          "A push task sends print parameters, a message, a resource pack or a startup logo to a scope of devices. Offline devices receive it when they connect within its validity (24 hours by default, at most 7 days). Print parameters become the device's stored settings only when the device accepts them.",
          'A startup logo is a monochrome (1-bit) BMP of at most 576 × 576 dots and 64 KB. Printers with 58 mm paper have 384 dots across and refuse a wider logo (their result says so); speakers answer "not supported".',
          {
            table: [
              ['Status', 'Meaning'],
              ['1 Pending', 'nothing sent yet'],
              ['2 Pushing', 'being sent'],
              ['3 Success', 'every device succeeded'],
              ['4 Failed', 'at least one device did not'],
              ['5 Cancelled', 'devices that had not received it will not'],
            ],
          },
        ],
      },
      {
        heading: 'Packages',
        blocks: [
          "Firmware and resource packages are uploaded under Resources: zip, gz or pz (firmware also bin), at most 10 MB. An operator's package belongs to the platform: every account can use it but not change it. An account's own packages are its own.",
        ],
      },
    ],
  },

  deviceMap: {
    title: 'Device map and geofences',
    summary: 'The geolocation service: where devices are, their 7-day track, and fences with entry and exit alarms.',
    sections: [
      {
        heading: 'A value-added service',
        blocks: [
          'The device map, device locations and geofences make up the geolocation service, which the platform turns on per account (an operator does it on the account\'s detail page). Until then the account sees "Not enabled yet, contact platform". The operators\' map shows the devices of the accounts that have the service.',
        ],
      },
      {
        heading: 'Where a device is',
        blocks: [
          'A device reports a satellite (GNSS) position or the base stations it hears; base stations are placed with the platform\'s cell table, which operators import on the device map page. A device that has not reported a position yet shows "Terminal location not uploaded".',
          {
            list: [
              'The map and the location page refresh every 15 seconds.',
              'The track shows where the device stayed over the last 7 days (the last 24 hours unless you choose another range), at most the newest 2,000 points.',
              'The location page of the device list needs the location permission or the map\'s (a geofence reader may also open the devices its account\'s fences watch); without any: "No device location permission".',
            ],
          },
        ],
      },
      {
        heading: 'Geofences',
        blocks: [
          {
            list: [
              'A fence is a circle: a centre and a radius greater than 0 and at most 100 km (100,000 m), watching up to 500 chosen devices of the account.',
              "A watched device that crosses the edge makes an entry or exit event (kept 7 days) and, while the fence is enabled, an alert message to the account's message receivers.",
              'A disabled fence still records events but sends no alarm messages.',
              'The alarm device count is the number of watched devices now outside the fence.',
              'Near the edge a position counts only when it is beyond the edge by its accuracy, so a device that switches between GNSS and base stations does not raise alarms back and forth.',
            ],
          },
        ],
      },
    ],
  },

  alarmsAndMessages: {
    title: 'Push-delay alarm and messages',
    summary: 'Alarms for slow pushes and muting them, in-app messages and device alerts, and notices.',
    sections: [
      {
        heading: 'Push-delay alarm',
        blocks: [
          "Herald measures each push's round trip: from sending a job to the device's acknowledgement. When a device's pushes are slow several times in a row, it raises an alarm and sends an alert message. This value-added feature needs no activation: users with the push alarm permissions find it on Devices → Alarms and muted devices (a button on the device list).",
          {
            table: [
              ['Setting', 'Default'],
              ['Monitoring window', '5 minutes'],
              ['Consecutive slow pushes', '3'],
              ['Round-trip threshold', '800 ms'],
              ['Notification frequency', 'at most one message per device per hour'],
            ],
          },
          {
            list: [
              'An account changes these on the Alarm settings tab; its 2 to 5 grades colour the latencies in the alarm list.',
              "Alarms are listed for 7 days. Operators see every account's alarms.",
              "Muting a device's alarm (1 to 24 hours, 24 by default) keeps listing its alarms but sends no message. It is not the speaker's own mute.",
            ],
          },
        ],
      },
      {
        heading: 'Messages',
        blocks: [
          'The bell in the header shows your unread messages (checked every 30 seconds); all of them are on the Messages page, as system messages (notices) and alerts. Opening a message marks it read; you can also mark read or delete several at once, or mark all read.',
          'Device alerts: a printer out of paper, overheating, with its cover open or another exception, a low battery or a fault (each at most once an hour per device); slow pushes (as the push-delay alarm above says); a device entering or leaving a geofence.',
          "Each account chooses in the message settings who receives its notices and alerts and which kinds of alert it wants (this needs the user administration permission); until then its super-administrators receive them. An alert is written in each receiver's message language. Messages are kept for 90 days.",
        ],
      },
      {
        heading: 'Notices',
        blocks: [
          'Operators write notices under Messages → Notices and publish them to chosen accounts or to every account; each receiver gets a system message. A published notice can no longer be edited or deleted; its detail shows how many were delivered and read.',
        ],
      },
    ],
  },

  customQr: {
    title: 'Custom device QR code',
    summary: 'Your product name and logo on device QR codes and their pages (value-added).',
    sections: [
      {
        heading: 'Your brand on the QR code',
        blocks: [
          "A value-added service the platform turns on per account (an operator does it on the account's detail page). With it, the account sets a product name and a logo on the Device QR code page (/device/device-code).",
          {
            list: [
              'The logo is a PNG image under 20 KB; 180 × 180 pixels is suggested.',
              'The product name and the logo show on the device detail page, on the QR labels downloaded or printed from the QR code page, and on the public page a scanned QR code opens.',
              'Without the service the brand cannot be set: "Not enabled yet, contact platform".',
            ],
          },
        ],
      },
    ],
  },

  faq: {
    title: 'Frequently asked questions',
    summary: 'Offline devices, "Not enabled yet", "No permission", jobs stuck at Pushed, a forgotten password.',
    sections: [
      {
        heading: 'A device shows offline',
        blocks: [
          "Offline means the device is not connected to Herald's MQTT broker. Check its power and network first. Herald also refuses a device that is deleted, disabled or not enabled, whose account is disabled, whose certificate is revoked or expired, or whose manufacturer's licence has no room for another activated device; once that is put right, the device gets in at its next attempt.",
          'The online history on the device detail page shows when it connected and why it went away. Jobs sent meanwhile wait for it until they expire.',
        ],
      },
      {
        heading: '"Not enabled yet, contact platform"',
        blocks: [
          "The feature is a value-added service the platform has not turned on for your account: the geolocation service (device map, locations, geofences and its secret) or the custom device QR code. Ask your platform operator: they turn it on on your account's detail page.",
        ],
      },
      {
        heading: '"No permission"',
        blocks: [
          {
            list: [
              '"You have no permission to visit this page": none of your roles includes the page.',
              '"No permissions assigned! Please contact your Super Administrator!": your user has no role with any permission yet.',
              '"no permission to view this feature": the alarms and muted devices page needs a push alarm permission.',
            ],
          },
          "Ask a user administrator for a role with the permission. Administrators grant only permissions they hold themselves, and an account's users never hold more than the account has.",
        ],
      },
      {
        heading: 'A job stays at status 1 (Pushed)',
        blocks: [
          'The job was sent but the device has not acknowledged it, usually because it lost its connection just then or is restarting. Herald sends it again, with the same message ID so that it is not printed twice, when the device reconnects. A job not finished by its expiry (5 minutes unless the request chose another time) becomes 5 (Timeout).',
          "Look at the device's online status, and at the job's timeline and publish records on its detail page.",
        ],
      },
      {
        heading: 'I forgot my password',
        blocks: [
          'Herald has no self-service password reset. Ask an administrator who manages users to reset it (Reset password on the user list): a new password is emailed to you, and you change it at your next sign-in. After five wrong passwords the same administrator can unlock you.',
          "A super-administrator's password is not reset by anyone else: an account's super-administrator asks the platform, whose operators can unlock it or give the account a new administrator; the operator administrator's is reset on the server's machine with npm run reset-admin.",
        ],
      },
    ],
  },
};
