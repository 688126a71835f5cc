import { describeScreenWalk } from '../support/screen-walk.js'
import { usePlatform } from '../support/test.js'

// Every screen at a district laptop's width (the other width has its own file, so the two run side by side).
usePlatform({ env: { DEMO_DATA: 'true' } })
describeScreenWalk('desktop')
