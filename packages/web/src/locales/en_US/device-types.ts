export default {
  deviceTypes: {
    fields: { id: 'ID', name: 'Device type', code: 'Code', models: 'Models (devices)', deviceCount: 'Devices' },
    modelDevices: '{{name}} ({{count}})',
    noModels: 'No model',
    readOnly: 'Device types come with the device protocol; models are assigned a type in the model form',
  },
};
