/**
 * The most common passwords of 8 characters or more (shorter ones never pass PASSWORD_MIN): the
 * first guesses of every password-spraying list. Our own list: well-known passwords written out,
 * plus the usual word-and-digits variants generated from common bases. Compared case-insensitively.
 */
/** Whitespace-separated words (the lists read as text, not one line per entry). */
const words = (text: string) => text.trim().split(/\s+/);

const WELL_KNOWN = words(`
  12345678 123456789 1234567890 0123456789 87654321 987654321 9876543210 12341234 123123123
  11223344 112233445566 147258369 159753123 123454321 12344321 11112222 12121212 13131313 69696969
  77777777 88888888 password password1 password12 password123 password1234 password! password1!
  passw0rd p@ssw0rd p@ssword pa55word pa55w0rd passpass passwort motdepasse contraseña contrasena
  wachtwoord qwertyui qwertyuiop qwerty12 qwerty123 qwerty1234 qwertz123 azertyui azerty123
  1q2w3e4r 1q2w3e4r5t 1q2w3e4r5t6y q1w2e3r4 q1w2e3r4t5 1qaz2wsx 1qaz2wsx3edc zaq12wsx zaq1zaq1
  1qazxsw2 qazwsxedc qweasdzxc 123qweasd 123qweasdzxc 1234qwer qwer1234 asdf1234 zxcv1234 asdfghjk
  asdfghjkl zxcvbnm1 zxcvbnm123 qwaszx12 abcd1234 abc12345 abc123456 abcdefgh abcdefg1 a1b2c3d4
  a1b2c3d4e5 aa123456 aaaaaaaa asdasdasd qweqweqwe iloveyou iloveyou1 iloveyou2 loveyou1 sunshine
  princess football baseball basketball superman batman12 starwars pokemon1 minecraft liverpool
  chelsea1 arsenal1 manchester barcelona mustang1 michelle jennifer jessica1 charlie1 ashley12
  michael1 jordan23 computer internet whatever1 trustno1 letmein1 letmein123 welcome1 welcome123
  changeme changeme1 default1 administrator admin123 admin1234 adminadmin root1234 login123
  secret123 test1234 testtest test12345 hello123 helloworld freedom1 chocolate butterfly cheese12
  cookie12 dragon12 monkey12 shadow12 master12 killer12 hunter12 ginger12 soccer12 hockey12
  tigger12 purple12 summer12 qwerty11 daniel12 thomas12 andrew12 robert12 matthew1 joshua12
  corvette mercedes ferrari1 porsche1 maverick phoenix1 diamond1 sparky12 snoopy12 blink182
  metallica nirvana1 rockyou1 spiderman ironman1 gladiator midnight blahblah nothing1 everything
  superstar rainbow1 sunflower beautiful lovelove babygirl angel123 jesus123 christmas halloween
  thunder1 lightning elephant password01 passw0rd1 p4ssw0rd p455w0rd letmein! welcome! qwerty!1
  fitness1 workout1 spinclass spinning cycling1 cadence1 cadence123 gympass1 bicycle1
`);

const BASES = words(`
  password passw0rd p@ssw0rd qwerty welcome letmein iloveyou admin monkey dragon sunshine princess
  football baseball soccer master shadow superman batman michael charlie jordan hello freedom
  trustno starwars pokemon secret changeme login summer winter spring autumn love lovely hunter
  killer ginger tigger cookie cheese pepper orange banana flower angel jesus abc test user guest
  cadence spin cycle cycling fitness gym workout
`);
/** '' too: the base alone. */
const SUFFIXES = [
  '',
  ...words(
    `1 12 123 1234 12345 123456 ! 1! 12! 123! 01 007 11 69 77 88 99 00 2000 2010 2020 2021 2022 2023 2024 2025 2026`,
  ),
];

let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  if (common) return common;
  common = new Set(WELL_KNOWN);
  for (const base of BASES) for (const suffix of SUFFIXES) common.add(`${base}${suffix}`);
  for (let digit = 0; digit <= 9; digit++) {
    for (let n = 8; n <= 12; n++) common.add(String(digit).repeat(n));
  }
  for (const letter of 'abcdefghijklmnopqrstuvwxyz') common.add(letter.repeat(8));
  return common;
}

/** True for a password on the list, in any case. */
export function isCommonPassword(password: string): boolean {
  return password.length <= 32 && commonPasswords().has(password.toLowerCase());
}
