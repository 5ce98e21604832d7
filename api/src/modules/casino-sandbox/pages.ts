/**
 * The sandbox games' light pages (issue 22 §4): one self-contained HTML page per game (no framework,
 * a few kB), in Swahili, English or Chinese, that talks to the sandbox's game API with the session
 * token of its URL. Each shows the next round's seed hash before the bet and reveals the seed after.
 */
import type { SandboxGame } from './server.ts';

type Lang = 'sw' | 'en' | 'zh';

const TEXTS: Record<Lang, Record<string, string>> = {
  sw: {
    crash: 'Ndege Angani',
    dice: 'Kete',
    balance: 'Salio',
    stake: 'Dau (TZS)',
    bet: 'Weka dau',
    cashOut: 'Toa sasa',
    auto: 'Toa kiotomatiki kwa (×, hiari)',
    crashed: 'Imeanguka kwa',
    won: 'Umeshinda',
    lost: 'Umepoteza',
    hash: 'Hash ya mbegu ya raundi ijayo',
    seed: 'Mbegu ya raundi',
    roll: 'Kurusha',
    under: 'Chini ya',
    over: 'Juu ya',
    target: 'Lengo (0–99.99)',
    demo: 'Hali ya majaribio: hakuna pesa halisi',
    refused: 'Imekataliwa',
    rtp: 'RTP 99%',
  },
  en: {
    crash: 'Sky Plane',
    dice: 'Dice',
    balance: 'Balance',
    stake: 'Stake (TZS)',
    bet: 'Place bet',
    cashOut: 'Cash out',
    auto: 'Auto cash-out at (×, optional)',
    crashed: 'Crashed at',
    won: 'You won',
    lost: 'You lost',
    hash: 'Next round seed hash',
    seed: 'Round seed',
    roll: 'Roll',
    under: 'Under',
    over: 'Over',
    target: 'Target (0–99.99)',
    demo: 'Demo mode: no real money',
    refused: 'Refused',
    rtp: 'RTP 99%',
  },
  zh: {
    crash: '天空飞机',
    dice: '骰子',
    balance: '余额',
    stake: '投注 (TZS)',
    bet: '下注',
    cashOut: '兑现',
    auto: '自动兑现倍数 (×，可选)',
    crashed: '坠毁于',
    won: '您赢了',
    lost: '您输了',
    hash: '下一局种子哈希',
    seed: '本局种子',
    roll: '掷',
    under: '小于',
    over: '大于',
    target: '目标 (0–99.99)',
    demo: '试玩模式：无真实资金',
    refused: '被拒绝',
    rtp: 'RTP 99%',
  },
};

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `body{margin:0;font:15px system-ui,sans-serif;background:#0b1f3a;color:#fff;padding:12px}
h1{font-size:18px;margin:0 0 8px}.row{display:flex;gap:8px;flex-wrap:wrap;align-items:center;margin:8px 0}
input,select{font:inherit;padding:8px;border-radius:6px;border:0;width:120px}button{font:inherit;padding:10px 16px;border:0;border-radius:6px;background:#f5a623;color:#000;font-weight:700}
button:disabled{opacity:.5}#big{font-size:48px;font-weight:800;text-align:center;margin:16px 0}.muted{color:#9fb3c8;font-size:12px;word-break:break-all}
.win{color:#4cd964}.lose{color:#ff6b6b}`;

/** The page of `game` in `lang` (sw when unknown). */
export const renderGamePage = (game: SandboxGame, lang: string): string => {
  const l: Lang = lang === 'en' || lang === 'zh' ? lang : 'sw';
  const t = TEXTS[l];
  const controls =
    game === 'crash'
      ? `<div class="row"><label>${esc(t.auto!)} <input id="auto" inputmode="decimal" placeholder="2.00"></label></div>
<div class="row"><button id="bet">${esc(t.bet!)}</button><button id="cash" disabled>${esc(t.cashOut!)}</button></div>`
      : `<div class="row"><label>${esc(t.target!)} <input id="target" value="50.00"></label>
<select id="dir"><option value="under">${esc(t.under!)}</option><option value="over">${esc(t.over!)}</option></select></div>
<div class="row"><button id="bet">${esc(t.roll!)}</button></div>`;
  return `<!doctype html><html lang="${l}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(t[game]!)}</title><style>${STYLE}</style></head><body data-game="${game}" data-texts="${esc(JSON.stringify(t))}">
<h1>${esc(t[game]!)} <span class="muted">${esc(t.rtp!)}</span></h1>
<div id="demo" class="muted" hidden>${esc(t.demo!)}</div>
<div>${esc(t.balance!)}: <b id="balance" data-testid="sandbox-balance">…</b> TZS</div>
<div id="big" data-testid="sandbox-display">${game === 'crash' ? '1.00×' : '—'}</div>
<div id="result" data-testid="sandbox-result" aria-live="polite"></div>
<div class="row"><label>${esc(t.stake!)} <input id="stake" inputmode="numeric" value="1000"></label></div>
${controls}
<p class="muted">${esc(t.hash!)}: <span id="hash" data-testid="sandbox-hash"></span></p>
<p class="muted">${esc(t.seed!)}: <span id="seed" data-testid="sandbox-seed"></span></p>
<script src="/casino-sandbox/game.js"></script></body></html>`;
};

/** A small SVG tile for the lobby (the crash tile's multiplier bottom right: the lobby's badge sits top left). */
export const thumbnailSvg = (game: SandboxGame): string =>
  game === 'crash'
    ? `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 120"><rect width="160" height="120" fill="#0b1f3a"/><path d="M10 110 Q90 100 140 20" stroke="#f5a623" stroke-width="6" fill="none"/><circle cx="140" cy="20" r="8" fill="#fff"/><text x="152" y="110" text-anchor="end" fill="#fff" font-family="sans-serif" font-size="22" font-weight="700">2.35×</text></svg>`
    : `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 120"><rect width="160" height="120" fill="#123d2a"/><rect x="50" y="30" width="60" height="60" rx="10" fill="#fff"/><circle cx="65" cy="45" r="6"/><circle cx="80" cy="60" r="6"/><circle cx="95" cy="75" r="6"/></svg>`;

/**
 * The games' script (one file for both, served at `/casino-sandbox/game.js`: the site's
 * Content-Security-Policy allows scripts from this origin only, never inline). It reads the game and
 * the texts from the page's `<body data-game data-texts>`.
 */
export const GAME_SCRIPT = `${'"use strict";'}
const T=JSON.parse(document.body.dataset.texts),G=document.body.dataset.game;const q=new URLSearchParams(location.search);
const token=q.get('token')||'',mode=q.get('mode')||'real';const $=(id)=>document.getElementById(id);
const api=async(p,b={})=>{const r=await fetch('/casino-sandbox/api/'+encodeURIComponent(token)+'/'+p,{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({gameId:G,mode,...b})});return r.json();};
const fmt=(n)=>n==null?'—':Number(n).toLocaleString('en-US');
const show=(s)=>{if(s.balance!=null)$('balance').textContent=fmt(s.balance);if(s.nextHash)$('hash').textContent=s.nextHash;};
const tell=(ok,text)=>{$('result').className=ok?'win':'lose';$('result').textContent=text;parent.postMessage({type:'bashiri-casino-balance'},'*');};
if(mode==='demo')$('demo').hidden=false;
api('state').then(show);
if(G==='crash'){
let round=null,tick=null;
const mult=(ms)=>Math.floor(100*Math.exp(0.00006*Math.max(0,ms))+1e-9);
const end=(v)=>{clearInterval(tick);round=null;$('bet').disabled=false;$('cash').disabled=true;
$('seed').textContent=v.serverSeed+' / '+v.clientSeed+' / '+v.nonce;if(v.balance!=null)$('balance').textContent=fmt(v.balance);
$('big').textContent=(v.crash/100).toFixed(2)+'×';
if(v.win>0)tell(true,T.won+' '+fmt(v.win)+' TZS @ '+(v.cashOutAt/100).toFixed(2)+'×');else tell(false,T.crashed+' '+(v.crash/100).toFixed(2)+'× — '+T.lost);
api('state').then(show);};
$('bet').onclick=async()=>{const a=$('auto').value.trim();const auto=a?Math.round(Number(a)*100):null;
$('bet').disabled=true;const r=await api('crash/bet',{stake:Number($('stake').value),autoCashOut:auto});
if(!r.accepted){$('bet').disabled=false;tell(false,T.refused+': '+(r.status||r.error&&r.error.code));show(r);return;}
show(r);$('result').textContent='';$('seed').textContent='';round=r;const t0=performance.now();$('cash').disabled=false;
tick=setInterval(async()=>{if(!round)return;const ms=performance.now()-t0;$('big').textContent=(mult(ms)/100).toFixed(2)+'×';
if(Math.floor(ms/250)!==Math.floor((ms-100)/250)){const v=await api('crash/round',{roundId:r.roundId});if(v.status!=='running'&&round)end(v);}},100);};
$('cash').onclick=async()=>{if(!round)return;$('cash').disabled=true;const v=await api('crash/cashout',{roundId:round.roundId});if(v.error){if(round)$('cash').disabled=false;return;}if(round)end(v);};
}else{
$('bet').onclick=async()=>{$('bet').disabled=true;const target=Math.round(Number($('target').value)*100);
const r=await api('dice/roll',{stake:Number($('stake').value),target,direction:$('dir').value});$('bet').disabled=false;
if(r.error){tell(false,T.refused+': '+r.error.code);return;}show(r);
if(!r.accepted){tell(false,T.refused+': '+r.status);return;}
$('big').textContent=(r.roll/100).toFixed(2);$('seed').textContent=r.serverSeed+' / '+r.clientSeed+' / '+r.nonce;
if(r.win>0)tell(true,T.won+' '+fmt(r.win)+' TZS');else tell(false,T.lost);};
}
`;
