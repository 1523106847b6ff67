import { firmwareUploadRefusal, type FirmwareUploadForm } from '../../../src/features/remote/firmwareUpload';

const file = { name: 'dock.zip', size: 1024 };
const form = (over: Partial<FirmwareUploadForm> = {}): FirmwareUploadForm => ({ file, productVersion: '10.01.0001', releaseNote: '', ...over });

describe('firmwareUploadRefusal', () => {
  it.each([
    ['a complete form', form(), '3-2-0', null],
    ['a device that has not told its type', form(), null, 'type_unknown'],
    ['a type that is not domain-type-subtype', form(), 'Dock 2', 'type_unknown'],
    ['no file', form({ file: null }), '3-2-0', 'file_required'],
    ['an empty file', form({ file: { name: 'x.zip', size: 0 } }), '3-2-0', 'file_empty'],
    ['no version', form({ productVersion: '  ' }), '3-2-0', 'version_required'],
    ['a version of 65 characters', form({ productVersion: '1'.repeat(65) }), '3-2-0', 'version_too_long'],
    ['a version of 64 characters', form({ productVersion: '1'.repeat(64) }), '0-89-0', null],
    ['a release note of 2001 characters', form({ releaseNote: 'n'.repeat(2001) }), '3-2-0', 'note_too_long'],
  ])('%s', (_case, input, deviceType, expected) => {
    expect(firmwareUploadRefusal(input, deviceType)).toBe(expected);
  });
});
