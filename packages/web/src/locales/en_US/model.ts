export default {
  model: {
    detailTitle: 'Model details',
    fields: {
      id: 'ID',
      name: 'Model name',
      code: 'Model code',
      type: 'Type',
      deviceType: 'Device type',
      pn: 'P/N',
      capability: 'Capability',
      description: 'Description',
      image: 'Model image',
      status: 'Status',
      deviceCount: 'Devices',
      createdAt: 'Created at',
    },
    type: { broadcast: 'Broadcast', speaker: 'Speaker', printer: 'Printer' },
    status: { '0': 'Disabled', '1': 'Enabled' },
    actions: { add: 'Add model', edit: 'Edit model' },
    confirm: {
      delete: 'Delete model {{name}}?',
      enable: 'Enable model {{name}}?',
      disable:
        'Disable model {{name}}? Accounts can no longer add devices of this model; existing devices keep working.',
    },
    pickImage: 'Choose image',
    imageHint: 'PNG or JPG, at most 100 KB, suggested 100×100',
    imageRequired: 'Please upload the model image',
    imageType: 'Only PNG or JPG images are allowed',
    imageTooLarge: 'The image must be at most 100 KB',
    imageSizeWarning: 'The image is {{width}}×{{height}}; 100×100 is suggested',
  },
};
