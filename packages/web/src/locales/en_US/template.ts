export default {
  template: {
    fields: {
      id: 'ID',
      name: 'Template name',
      purpose: 'Purpose',
      model: 'Printer model',
      command: 'Command set',
      body: 'Template body',
      paramCount: 'Parameters',
      businessCount: 'Used by businesses',
      updatedAt: 'Updated at',
    },
    command: {
      escpos: 'ESC/POS',
      starmbcs: 'StarPRNT (multi-byte)',
      starsbcs: 'StarPRNT (single-byte)',
    },
    sections: { basic: 'Template', params: 'Parameters' },
    bodyHint: 'Receipt markup (receiptline). Write {{example}} where a parameter value goes.',
    params: {
      name: 'Parameter name',
      sample: 'Sample value',
      description: 'Description',
      add: 'Add parameter',
      pickUp: 'Pick up placeholders from the body',
      empty: 'No parameters',
      undeclared: 'Placeholders used in the body but not declared: {{names}}',
    },
    validation: {
      paramName: 'Letters, digits and underscores, starting with a letter or underscore (up to 32)',
    },
    preview: {
      title: 'Simulation',
      simulate: 'Simulate',
      hint: 'Follows the body and the sample values as you type',
      width: '{{width}} mm paper',
      chars: '{{count}} characters per line',
      empty: 'Write a template body to see the receipt',
      failed: 'The template cannot be rendered',
      alt: 'Receipt at {{width}} mm',
      warning: {
        undeclared: '{{name}} is not declared',
        noValue: '{{name}} has no sample value',
      },
    },
    detailTitle: 'Template detail',
    actions: { add: 'Create template', edit: 'Edit template' },
    confirm: {
      delete: 'Delete template {{name}}?',
      inUse: 'It is used by {{count}} business(es) and cannot be deleted until they stop using it.',
    },
  },
};
