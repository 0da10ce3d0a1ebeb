<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
    <context>
        <name>ComputerPage</name>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>&amp;ATX version:</source>
            <translation>ATX 版本(&amp;A)：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>&amp;Case size:</source>
            <translation>机箱尺寸(&amp;C)：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>&amp;Electricity price per kWh:</source>
            <translation>每度电价格(&amp;E)：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>&amp;Has a 12V-2x6 (12VHPWR) cable</source>
            <translation>带 12V-2x6（12VHPWR）供电线(&amp;H)</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>&amp;Open a saved scan or report…</source>
            <translation>打开已保存的检测结果或报告(&amp;O)…</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>&amp;PCIe 8-pin cables:</source>
            <translation>PCIe 8-pin 供电线(&amp;P)：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>&amp;Scan again</source>
            <translation>重新检测(&amp;S)</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>&amp;Wattage:</source>
            <translation>功率(&amp;W)：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>80 PLUS &amp;rating:</source>
            <translation>80 PLUS 认证(&amp;R)：</translation>
        </message>
        <message>
            <source>80 PLUS rating:</source>
            <translation type="vanished">80 PLUS 认证：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>ATX 2.x (older)</source>
            <translation>ATX 2.x（旧款）</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>ATX 3.x</source>
            <translation>ATX 3.x</translation>
        </message>
        <message>
            <source>ATX version:</source>
            <translation type="vanished">ATX 版本：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>Bronze</source>
            <translation>铜牌</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>Case and electricity</source>
            <translation>机箱与电费</translation>
        </message>
        <message>
            <source>Case size:</source>
            <translation type="vanished">机箱尺寸：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>Choose the graphics card you have now, if any, and tell us your power supply and case: the plan is for your computer at home.</source>
            <translation>请选择您现在用的显卡（如果有），并告诉我们电源和机箱：方案是为您家里的电脑做的。</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>Continue with {file} from {date}?</source>
            <translation>继续使用 {date} 记录的 {file}？</translation>
        </message>
        <message>
            <source>Electricity price per kWh:</source>
            <translation type="vanished">每度电价格：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>Free e&amp;xpansion slots:</source>
            <translation>空闲扩展槽(&amp;X)：</translation>
        </message>
        <message>
            <source>Free expansion slots:</source>
            <translation type="vanished">空闲扩展槽：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>From your last visit ({date}): the power supply, case and electricity price you entered for this machine.</source>
            <translation>沿用上次（{date}）为这台机器填写的电源、机箱和电价。</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>Gold</source>
            <translation>金牌</translation>
        </message>
        <message>
            <source>Has a 12V-2x6 (12VHPWR) cable</source>
            <translation type="vanished">带 12V-2x6（12VHPWR）供电线</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>Longest card that fi&amp;ts:</source>
            <translation>可容纳的最长显卡(&amp;T)：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>Longest card that fits</source>
            <translation>可容纳的最长显卡</translation>
        </message>
        <message>
            <source>Longest card that fits:</source>
            <translation type="vanished">可容纳的最长显卡：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>Looking at this computer…</source>
            <translation>正在检测本机…</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>Not scanned yet.</source>
            <translation>尚未检测。</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>Open a saved scan or an nvidia-smi report</source>
            <translation>打开已保存的检测结果或 nvidia-smi 报告</translation>
        </message>
        <message>
            <source>PCIe 8-pin cables:</source>
            <translation type="vanished">PCIe 8-pin 供电线：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>Platinum</source>
            <translation>白金牌</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>Power supply</source>
            <translation>电源</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>Power supply wattage</source>
            <translation>电源功率</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>Scanning</source>
            <translation>正在检测</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>Scans and reports (*.json *.xml *.txt *.csv);;All files (*)</source>
            <translation>检测结果与报告 (*.json *.xml *.txt *.csv);;所有文件 (*)</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>Server chassis</source>
            <translation>服务器机箱</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>Silver</source>
            <translation>银牌</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>This computer</source>
            <translation>本机配置</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>This kiosk does not look at the computer it runs on. Tell it about yours: the graphics card you have now, the power supply and the case.</source>
            <translation>本自助机不会查看它自己所在的电脑。请告诉它您的电脑情况：现在的显卡、电源和机箱。</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>Titanium</source>
            <translation>钛金牌</translation>
        </message>
        <message>
            <source>Wattage:</source>
            <translation type="vanished">功率：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>What gpuplanner found, and what you can tell it that no scan can see: the power supply, the case and your electricity price.</source>
            <translation>gpuplanner 检测到的内容，以及检测不到、需要您填写的信息：电源、机箱和电价。</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>White</source>
            <translation>白牌</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>Your &amp;graphics card now:</source>
            <translation>您现在的显卡(&amp;G)：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>Your computer</source>
            <translation>您的电脑</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>default ({tariff})</source>
            <translation>默认（{tariff}）</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>none, or not sure</source>
            <translation>没有，或不确定</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>unknown</source>
            <translation>未知</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>unknown (planned as 2.x)</source>
            <translation>未知（按 2.x 规划）</translation>
        </message>
    </context>
    <context>
        <name>Diagnosis</name>
        <message>
            <location filename="gpuplanner/probe/diagnosis.py" />
            <source>CUDA could not initialise ({0}).</source>
            <translation>CUDA 无法初始化（{0}）。</translation>
        </message>
        <message>
            <location filename="gpuplanner/probe/diagnosis.py" />
            <source>No NVIDIA driver: TensorFlow runs on the CPU.</source>
            <translation>没有 NVIDIA 驱动：TensorFlow 在 CPU 上运行。</translation>
        </message>
        <message>
            <location filename="gpuplanner/probe/diagnosis.py" />
            <source>Out of GPU memory (a tensor of shape [{0}]): reduce the batch size or the model, or use mixed precision.</source>
            <translation>显存不足（形状为 [{0}] 的张量）：请减小批大小或模型，或使用混合精度。</translation>
        </message>
        <message>
            <location filename="gpuplanner/probe/diagnosis.py" />
            <source>Out of GPU memory{0}: reduce the batch size or the model, or use mixed precision.</source>
            <translation>显存不足{0}：请减小批大小或模型，或使用混合精度。</translation>
        </message>
        <message>
            <location filename="gpuplanner/probe/diagnosis.py" />
            <source>PTX JIT compilation failed: the driver is too old for this TensorFlow's PTX, or the GPU is newer than it.</source>
            <translation>PTX 即时编译失败：驱动对该 TensorFlow 的 PTX 来说太旧，或显卡比它更新。</translation>
        </message>
        <message>
            <location filename="gpuplanner/probe/diagnosis.py" />
            <source>TensorFlow could not load CUDA library {0}{1}: install the CUDA libraries it was built with (pip install 'tensorflow[and-cuda]') or fix LD_LIBRARY_PATH.</source>
            <translation>TensorFlow 无法加载 CUDA 库 {0}{1}：请安装它编译时所用的 CUDA 库（pip install 'tensorflow[and-cuda]'），或修正 LD_LIBRARY_PATH。</translation>
        </message>
        <message>
            <location filename="gpuplanner/probe/diagnosis.py" />
            <source>TensorFlow found GPU {0}.</source>
            <translation>TensorFlow 找到了显卡 {0}。</translation>
        </message>
        <message>
            <location filename="gpuplanner/probe/diagnosis.py" />
            <source>TensorFlow lists {0} but cannot run on it: {1}</source>
            <translation>TensorFlow 列出了 {0}，但无法在其上运行：{1}</translation>
        </message>
        <message>
            <location filename="gpuplanner/probe/diagnosis.py" />
            <source>TensorFlow skipped the GPU because some GPU libraries could not be loaded.</source>
            <translation>部分 GPU 库无法加载，TensorFlow 跳过了 GPU。</translation>
        </message>
        <message>
            <location filename="gpuplanner/probe/diagnosis.py" />
            <source>The NVIDIA driver is older than the CUDA version this TensorFlow needs: update the driver.</source>
            <translation>NVIDIA 驱动版本低于该 TensorFlow 所需的 CUDA 版本：请更新驱动。</translation>
        </message>
        <message>
            <location filename="gpuplanner/probe/diagnosis.py" />
            <source>The loaded kernel driver ({0}) and the user-space library ({1}) differ: reboot after a driver update.</source>
            <translation>已加载的内核驱动（{0}）与用户态库（{1}）版本不一致：更新驱动后请重启。</translation>
        </message>
        <message>
            <location filename="gpuplanner/probe/diagnosis.py" />
            <source>The scan found {0} NVIDIA GPU(s) but TensorFlow lists none: see the other findings for why.</source>
            <translation>检测到 {0} 块 NVIDIA 显卡，但 TensorFlow 一块也没有列出：原因见其他检查结果。</translation>
        </message>
        <message>
            <location filename="gpuplanner/probe/diagnosis.py" />
            <source>This TensorFlow has no kernels for compute capability {0} (RTX 50 / Blackwell with official wheels): it falls back to slow or failing PTX JIT; expect the CPU.</source>
            <translation>该 TensorFlow 没有计算能力 {0} 的内核（官方安装包下的 RTX 50 / Blackwell）：只能退回到缓慢或会失败的 PTX 即时编译，实际多半用 CPU 运行。</translation>
        </message>
        <message>
            <location filename="gpuplanner/probe/diagnosis.py" />
            <source>This TensorFlow is a CPU-only build: install 'tensorflow[and-cuda]' on Linux (or TF 2.10 / WSL2 on Windows).</source>
            <translation>该 TensorFlow 是仅 CPU 版本：在 Linux 上请安装 'tensorflow[and-cuda]'（Windows 上用 TF 2.10 或 WSL2）。</translation>
        </message>
    </context>
    <context>
        <name>Finding</name>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source> (since {date})</source>
            <translation>（自 {date} 起）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source> It runs on {engine}, not TensorFlow.</source>
            <translation>这种做法运行在 {engine} 上，而不是 TensorFlow。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>, +{pct}% VAT</source>
            <translation>，另加 {pct}% 增值税</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>, at {speed}× your laptop's speed</source>
            <translation>，速度是您笔记本的 {speed}×</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>, converted from {listed} an hour in {region}, {date}</source>
            <translation>，按{region} {date} 每小时 {listed} 的标价换算</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>, less {pct}% VAT</source>
            <translation>，扣除 {pct}% 增值税</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>, or on this data-centre card an older branch in forward compatibility (R525 from 525.85, R535 from 535.86, R550 from 550.54)</source>
            <translation>；这块数据中心卡也可用前向兼容模式下的较旧分支（R525 需 525.85 起，R535 需 535.86 起，R550 需 550.54 起）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>, {date}</source>
            <translation>，{date}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>1 of the top {top} cards has no price from {market} newer than {months} months: ask the shop for today's price before you buy.</source>
            <translation>前 {top} 款卡中有 1 款没有{market}近 {months} 个月内的价格：购买前请向商家询问当前价格。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>1 of the top {top} cards has no price from {market} newer than {months} months: type the price you see over its total, and the plan uses it.</source>
            <translation>前 {top} 款卡中有 1 款没有{market}近 {months} 个月内的价格：请在其总价处输入您看到的价格，方案会按它计算。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>3 epochs of MNLI fine-tuning</source>
            <translation>MNLI 微调 3 轮</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>300 epochs of COCO</source>
            <translation>COCO 训练 300 轮</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>65 epochs of COCO</source>
            <translation>COCO 训练 65 轮</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>90 epochs of ImageNet-1k</source>
            <translation>ImageNet-1k 训练 90 轮</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>A blower (turbo) cooler: loud under load, better in a server room than by a desk.</source>
            <translation>涡轮（暴力扇）散热：满载时很吵，更适合放在机房而不是桌边。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>A desktop PC with {gpu}{times}: the card {price}, plus the PC around it{speed_part}.</source>
            <translation>换一台装 {gpu}{times} 的台式机：显卡 {price}，另加整机的费用{speed_part}。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>A desktop card in a server: the chassis' fans push air through passive fins, and this card's own fans and power plugs are made for a desktop case. Choose a passive data-centre card or a workstation blower card.</source>
            <translation>服务器里装了桌面显卡：机箱风扇是把风吹过被动散热鳍片的，而这块卡自带的风扇和供电接口是为台式机机箱设计的。请选择被动散热的数据中心卡或涡轮散热的工作站卡。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>A laptop: its GPU cannot be changed or added to.</source>
            <translation>笔记本电脑：显卡无法更换或增加。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>A mini-ITX case has one slot: {count} cards do not fit.</source>
            <translation>mini-ITX 机箱只有一个插槽：放不下 {count} 块卡。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>A modified card (memory added by a third party): shown when used and modified cards are allowed.</source>
            <translation>魔改卡（第三方加装显存）：勾选“考虑二手和魔改显卡”后才列出。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>A modified card (memory added on a reworked board): not an NVIDIA product; drivers may refuse it after an update.</source>
            <translation>魔改卡（在改造的电路板上加装显存）：不是 NVIDIA 的正式产品；驱动更新后可能无法使用。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>A month of these jobs ({runs} runs): about {hours} h of the cards' time and {cost} of electricity.</source>
            <translation>这些任务一个月（{runs} 次运行）：显卡约需 {hours} 小时，电费约 {cost}。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>A month of these jobs ({runs} runs): about {hours} h of the cards' time.</source>
            <translation>这些任务一个月（{runs} 次运行）：显卡约需 {hours} 小时。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>A month's runs take about {hours} h here, more than the {month_hours} h a month has: these cards cannot keep up with them.</source>
            <translation>一个月的运行在这里约需 {hours} 小时，超过一个月的 {month_hours} 小时：这些卡跟不上。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>A passively cooled card ({watts} W) is cooled by a server's fans: in a desktop or workstation it overheats. Enter the case as a server to see it.</source>
            <translation>被动散热卡（{watts} W）靠服务器机箱的风扇墙散热，装进台式机或工作站会过热。若您的机箱是服务器，请把机箱类型设为服务器后再看它。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/pack_text.py" />
            <source>A price of {card} in price pack {owner} was ignored: its {column} is {value}, not a price. Import the pack again, or remove it with: gpuplanner db packs --remove {owner}</source>
            <translation>价格包 {owner} 中 {card} 的一条价格已被忽略：其{column}为 {value}，不是价格。请重新导入该价格包，或用以下命令删除：gpuplanner db packs --remove {owner}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/pack_text.py" />
            <source>A price of {card} in shop {owner}'s list was ignored: its {column} is {value}, not a price. Import the shop's list again.</source>
            <translation>商店 {owner} 价目表中 {card} 的一条价格已被忽略：其{column}为 {value}，不是价格。请重新导入该商店的价目表。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>A used card: many were mined on; ask how it was used, for the box and the invoice, and test it.</source>
            <translation>二手卡：很多曾用于挖矿；请问清使用情况，索要包装和发票，并上机测试。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>About {sustained_w} W sustained is {percent}% of the {psu_w} W supply; keep it under 80%.</source>
            <translation>持续功耗约 {sustained_w} W，占 {psu_w} W 电源的 {percent}%；建议低于 80%。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>Add</source>
            <translation>加装</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>Add an NVLink bridge</source>
            <translation>加装 NVLink 桥</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>Allow used cards (a used card's risks apply)</source>
            <translation>允许购买二手卡（需承担二手卡的风险）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>An SXM2 module, not a PCIe card: it needs an SXM2 carrier or adapter board and its own cooling.</source>
            <translation>这是 SXM2 模块，不是 PCIe 显卡：需要 SXM2 底板或转接板，并自备散热。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>An external GPU on the laptop's Thunderbolt or USB4 port: {gpu} in an enclosure (PCIe 3.0 x4, a 650 W supply, cards up to 330 mm, about {extra}), {price} in all, at {speed}× the speed.</source>
            <translation>通过笔记本的雷电或 USB4 接口外接显卡：把 {gpu} 装进外置显卡坞（PCIe 3.0 x4、650 W 电源、可装 330 mm 以内的显卡，约 {extra}），合计 {price}，速度为 {speed}×。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>An {form} module, not a PCIe card: it needs a server built for it.</source>
            <translation>这是 {form} 模块而不是 PCIe 卡：需要专用服务器。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>At a batch of {batch} per card (it still fits) the {count} cards reach about {efficiency_pct}% of linear, {speed}x one card: a bigger batch hides the same exchange behind a longer step.</source>
            <translation>每块卡的批大小设为 {batch}（显存仍然放得下）时，{count} 块卡可达线性加速的约 {efficiency_pct}%，相当于单卡的 {speed} 倍：批越大，每步的计算越长，同样的梯度交换就越不显眼。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Buying beats renting after about {hours} GPU-hours.</source>
            <translation>使用约 {hours} 卡时后，购买比租用更划算。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>CNY</source>
            <translation>元</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Check before buying, with the server's maker: that it has the GPU power kit (the cables) for this card, and room for {count} of it ({length_mm} mm long, {slots}-slot). What you buy draws no more than what it replaces.</source>
            <translation>购买前请向服务器厂商确认：机箱有这款卡的 GPU 供电套件（线缆），并且装得下 {count} 块（长 {length_mm} mm，占 {slots} 个槽位）。新买的卡耗电不超过被替换下来的卡。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Check before buying, with the server's maker: that it has the GPU power kit (the cables) for this card, and room for {count} of it ({length_mm} mm long, {slots}-slot). What you buy draws {watts} W less than what it replaces.</source>
            <translation>购买前请向服务器厂商确认：机箱有这款卡的 GPU 供电套件（线缆），并且装得下 {count} 块（长 {length_mm} mm，占 {slots} 个槽位）。新买的卡比被替换下来的卡少耗电 {watts} W。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Check before buying, with the server's maker: that the chassis's supplies carry {watts} W more for the GPUs, that it has the GPU power kit (the cables) for this card, and room for {count} of it ({length_mm} mm long, {slots}-slot).</source>
            <translation>购买前请向服务器厂商确认：机箱电源能为 GPU 再多提供 {watts} W，机箱有这款卡的 GPU 供电套件（线缆），并且装得下 {count} 块（长 {length_mm} mm，占 {slots} 个槽位）。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Check before buying: a supply of at least {recommended_w} W (about {sustained_w} W sustained) with a 12V-2x6 cable for the card's plug.</source>
            <translation>购买前请确认：电源至少 {recommended_w} W（持续功耗约 {sustained_w} W），并有一根 12V-2x6 线接显卡的供电口。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Check before buying: a supply of at least {recommended_w} W (about {sustained_w} W sustained) with separate 8-pin cables ({eight_pin}) or a 12V-2x6 cable.</source>
            <translation>购买前请确认：电源至少 {recommended_w} W（持续功耗约 {sustained_w} W），并有独立的 8-pin 供电线（{eight_pin} 根）或一根 12V-2x6 线。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Check before buying: a supply of at least {recommended_w} W (about {sustained_w} W sustained) with {eight_pin} free CPU (EPS) 8-pin cables: this card takes the CPU plug, not PCIe.</source>
            <translation>购买前请确认：电源至少 {recommended_w} W（持续功耗约 {sustained_w} W），并有 {eight_pin} 根空闲的 CPU（EPS）8-pin 供电线：这块卡使用 CPU 供电口，而不是 PCIe 供电口。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Check before buying: a supply of at least {recommended_w} W (about {sustained_w} W sustained); the card takes its power from the slot, no cable needed.</source>
            <translation>购买前请确认：电源至少 {recommended_w} W（持续功耗约 {sustained_w} W）；此卡由插槽供电，无需供电线。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Check before buying: small PCs often take only low-profile (half-height) cards; check the slot's bracket height and that the card comes with a low-profile bracket.</source>
            <translation>购买前请确认：小型电脑往往只能装半高（刀卡）显卡；请检查插槽挡板高度，以及显卡是否附带半高挡板。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Check before buying: the card takes a 12V-2x6 plug and its adapter's 8-pin count is not on record (separate 8-pin cables: at least {at_least}).</source>
            <translation>购买前请确认：这块卡使用 12V-2x6 接口，其转接线需要几根 8-pin 尚无记录（至少 {at_least} 根独立的 8-pin 线）。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Check before buying: the longest common boards are {length_mm} mm long, with a {slots}-slot cooler.</source>
            <translation>购买前请确认机箱空间：常见的最长型号长 {length_mm} mm、占 {slots} 个槽位。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Check that the supply has separate 8-pin PCIe cables for each plug ({eight_pin}), not one split cable.</source>
            <translation>请确认电源为每个接口提供独立的 8-pin PCIe 供电线（{eight_pin} 根），不要用一根线分出的两个接头。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Check that your supply gives at least {recommended_w} W (about {sustained_w} W sustained) and has a cable for every power plug of your cards.</source>
            <translation>请确认您的电源至少 {recommended_w} W（持续功耗约 {sustained_w} W），并且显卡的每个供电接口都有对应的供电线。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Check today's price: the newest on record is from {date} ({months} months ago); today it may be about {low}.</source>
            <translation>请核实今天的价格：最新记录是 {date}（{months} 个月前）；现在可能在 {low} 左右。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Check today's price: the newest on record is from {date} ({months} months ago); today it may be anywhere from {low} to {high}.</source>
            <translation>请核实今天的价格：最新记录是 {date}（{months} 个月前）；现在可能在 {low} 到 {high} 之间。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Check today's price: this one is from {date} ({months} months ago); today it may be about {low}.</source>
            <translation>请核实今天的价格：这个价格来自 {date}（{months} 个月前）；现在可能在 {low} 左右。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Check today's price: this one is from {date} ({months} months ago); today it may be {low} to {high}.</source>
            <translation>请核实今天的价格：这个价格来自 {date}（{months} 个月前）；现在可能是 {low} 到 {high}。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>China</source>
            <translation>中国</translation>
        </message>
        <message>
            <source>Common boards are up to {length} mm long (reference {reference} mm); the case fits {clearance} mm.</source>
            <translation type="vanished">常见型号最长 {length} mm（公版 {reference} mm），机箱只能容纳 {clearance} mm。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>Converted from another market's price: {cards}</source>
            <translation>由其他市场的价格换算：{cards}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>Data-centre NVLink bridge, price to confirm</source>
            <translation>数据中心 NVLink 桥，价格待确认</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Driver {driver} is older than {needed}, which TensorFlow {version} (CUDA {cuda}) needs: update the NVIDIA driver.</source>
            <translation>驱动 {driver} 低于 TensorFlow {version}（CUDA {cuda}）所需的 {needed}：请升级 NVIDIA 驱动。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Driver {have} is older than {need}, the floor of {route} for this card: update the NVIDIA driver (free).</source>
            <translation>驱动 {have} 低于{route}使用这块卡所需的 {need}：请升级 NVIDIA 驱动（免费）。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Driver {have} is older than {need}, the floor of {route} for this card: update the NVIDIA driver within the R{branch} branch (free; on Windows its drivers are numbered {windows}). It is the last branch that runs this card: later branches do not.</source>
            <translation>驱动 {have} 低于{route}使用这块卡所需的 {need}：请把 NVIDIA 驱动升级到 R{branch} 分支以内的版本（免费；Windows 上这一分支的驱动编号为 {windows}）。这是支持这块卡的最后一个驱动分支，更高的分支不再支持它。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Each of the {count} cards holds what it runs: {needed_gb} GB of its {card_gb} GB.</source>
            <translation>{count} 块卡每块都装得下它承担的任务：每块需 {needed_gb} GB，单卡显存 {card_gb} GB。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>Estimates, not listings: {cards}</source>
            <translation>估算价（非实际标价）：{cards}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Even at a batch of {batch} per card, the most that fits, the {count} cards reach only about {efficiency_pct}% of linear ({speed}x one card).</source>
            <translation>即使每块卡的批大小用到显存能放下的最大值 {batch}，{count} 块卡也只能达到线性加速的约 {efficiency_pct}%（单卡的 {speed} 倍）。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>Fine-tune {to} instead, batch {batch} ({vram_gb} GB)</source>
            <translation>改为微调 {to}，批大小 {batch}（需 {vram_gb} GB）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>For more speed: an NVLink bridge for your {gpu} pair would make it {speedup}x as fast, for {price} in all.</source>
            <translation>想要更快：给您的这对 {gpu} 加一座 NVLink 桥，速度可达 {speedup} 倍，总共 {price}。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>For more speed: {gpu}{times} would be {speedup}x as fast for {price}.</source>
            <translation>若想更快：{gpu}{times} 速度为现在的 {speedup} 倍，价格 {price}。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>For {extra} more: {gpu}{times} ({card_gb} GB), where this kind of work usually needs {floor_gb} GB; nothing within the budget holds the job.</source>
            <translation>多花 {extra}：{gpu}{times}（{card_gb} GB），而这类工作通常需要 {floor_gb} GB；预算之内没有能胜任此任务的卡。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>For {extra} more: {gpu}{times} ({card_gb} GB), where this kind of work usually needs {floor_gb} GB; within the budget, no card has more than {under_gb} GB.</source>
            <translation>多花 {extra}：{gpu}{times}（{card_gb} GB），而这类工作通常需要 {floor_gb} GB；预算之内的卡显存都不超过 {under_gb} GB。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>GPU power spikes may reach {transient_w} W, above the {limit_w} W a supply of unknown ATX version is planned to tolerate (2.x; an ATX 3.x supply takes more): sudden shutdowns.</source>
            <translation>显卡瞬时功耗峰值可达 {transient_w} W，超过按 ATX 2.x 规划的电源可承受的 {limit_w} W（您未填写 ATX 版本；ATX 3.x 电源可承受更多）：可能突然断电。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>GPU power spikes may reach {transient_w} W, above the {limit_w} W an ATX {atx}.x supply tolerates: sudden shutdowns.</source>
            <translation>显卡瞬时功耗峰值可达 {transient_w} W，超过 ATX {atx}.x 电源可承受的 {limit_w} W：可能突然断电。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>GPU {index} stopped answering during the scan (fallen off the bus): reseat it and check its power.</source>
            <translation>GPU {index} 在检测中失去响应（已从总线掉线）：请重新插好并检查供电。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Gen{card_gen} card in a Gen{slot_gen} slot: transfers peak at {slot_gbs} GB/s instead of {card_gbs} GB/s.</source>
            <translation>PCIe {card_gen}.0 显卡插在 PCIe {slot_gen}.0 插槽上：传输峰值 {slot_gbs} GB/s，而不是 {card_gbs} GB/s。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Heat to remove: {watts} W from the cards ({btu} BTU/h); the server's CPUs, fans and switches add what its maker rates them at.</source>
            <translation>需要散出的热量：GPU {watts} W（{btu} BTU/h）；服务器的 CPU、风扇和交换芯片另有发热，以厂商的额定功耗为准。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Heat to remove: {watts} W from the cards; the whole machine puts about {room_w} W into the room ({btu} BTU/h).</source>
            <translation>需要散出的热量：显卡 {watts} W；整机向房间散热约 {room_w} W（{btu} BTU/h）。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Holds the job in the {driver_gb} GB its driver gives with ECC on, of the board's {card_gb} GB ({needed_gb} GB needed).</source>
            <translation>开启 ECC 时驱动给出的 {driver_gb} GB（板载 {card_gb} GB）可容纳该任务（需要 {needed_gb} GB）。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Holds the job in {card_gb} GB ({needed_gb} GB needed).</source>
            <translation>{card_gb} GB 显存可容纳该任务（需要 {needed_gb} GB）。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>How TensorFlow runs {count} cards: {strategy} ({api}), {per_card_gb} GB on each.</source>
            <translation>TensorFlow 如何使用这 {count} 块卡：{strategy}（{api}），每块卡需要 {per_card_gb} GB。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>How {engine} runs {count} cards: the layers are divided ({api}), {per_card_gb} GB on each.</source>
            <translation>{engine} 如何使用这 {count} 块卡：按层划分模型（{api}），每块卡 {per_card_gb} GB。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>If this PC takes only half-height (low-profile) cards and has no power cable for one: {gpu} fits (a {to}-slot card), {price}, at {speed}× the speed.</source>
            <translation>如果这台电脑只能装半高（刀卡）显卡、也没有给显卡的供电线：{gpu} 放得下（占 {to} 个槽位宽），{price}，速度为现在的 {speed} 倍。</translation>
        </message>
        <message>
            <source>If this PC takes only half-height (low-profile) cards and has no power cable for one: {gpu} fits, {price}, at {speed}× the speed.</source>
            <translation type="vanished">如果这台电脑只能装半高（刀卡）显卡、也没有给显卡的供电线：{gpu} 放得下，{price}，速度为 {speed}×。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>ImageNet-1k fine-tuning (20,000 steps of 512)</source>
            <translation>ImageNet-1k 微调（20,000 步，每步 512 张）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>It cannot run {job}, {share}% of your time, for the reason below.</source>
            <translation>它跑不了 {job}（占您 {share}% 的时间），原因见下。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Its GPUs are {form} modules on the server's baseboard: no PCIe card takes their place (the chassis's slots are for network cards), and a faster module comes with a baseboard of its own, as another server.</source>
            <translation>这台服务器的 GPU 是装在基板上的 {form} 模块：PCIe 显卡替换不了它们（机箱里的插槽是给网卡用的）；更快的模块要连同自己的基板一起换，也就是另一台服务器。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Its memory was not read (this capture has none): scan the computer itself to know whether it holds the {needed_gb} GB the job needs.</source>
            <translation>未读取到它的显存大小（这份记录里没有）：请在这台电脑上直接扫描，才能知道它能否容纳任务所需的 {needed_gb} GB。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>Keep what you have</source>
            <translation>保留现有显卡</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Keep your cards, but not as they are: to run this job safely they need a {watts} W supply ({price}).</source>
            <translation>保留您的显卡，但不能维持现状：要安全地跑这项任务，它们需要一台 {watts} W 的电源（{price}）。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>Keras 3 on the JAX or PyTorch backend</source>
            <translation>Keras 3（JAX 或 PyTorch 后端）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>Launch prices (MSRP) only: {cards}</source>
            <translation>只有首发建议零售价（MSRP）：{cards}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Link at Gen{gen} of Gen{max_gen} under load in this virtual machine: the provider's host sets it, nothing to change here.</source>
            <translation>这台虚拟机在负载下链路为 Gen{gen}（最高 Gen{max_gen}）：由云服务商的宿主机决定，这里无需改动。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Link at Gen{gen} of Gen{max_gen} while idle: normal power saving; the probe re-reads it under load.</source>
            <translation>空闲时链路为 Gen{gen}（最高 Gen{max_gen}）：这是正常节能，测速时会在负载下重新读取。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Link still at Gen{gen} of Gen{max_gen} under load: check the riser cable, slot and BIOS PCIe setting.</source>
            <translation>负载下链路仍为 Gen{gen}（最高 Gen{max_gen}）：检查延长线、插槽和 BIOS 中的 PCIe 设置。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Listed after keeping your cards: it is not faster for this job.</source>
            <translation>排在“保留现有显卡”之后：对这个任务它并不更快。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>Listed or reported in {market}: {cards}</source>
            <translation>{market}的实际标价或市场报告：{cards}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>LoRA on an int8 base (Keras quantize)</source>
            <translation>int8 量化基座模型上的 LoRA（Keras quantize）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>Load the weights in {to} bits ({vram_gb} GB)</source>
            <translation>权重改为 {to} 位（需 {vram_gb} GB）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>MIG is on, and this reading does not list its slices: TensorFlow runs in one slice, not the whole card, so what this plan says of your card holds with MIG off (nvidia-smi -mig 0, as root, with no job running). To plan on a slice, scan nvidia-smi -q or nvidia-smi -L, which list them.</source>
            <translation>MIG 已开启，但这份读数没有列出它的切片：TensorFlow 只在一个切片里运行，而不是整块卡，所以本方案对您这块卡的结论只在关闭 MIG 后成立（以 root 身份、在没有任务运行时执行 nvidia-smi -mig 0）。若要按切片规划，请检测 nvidia-smi -q 或 nvidia-smi -L 的输出，它们会列出切片。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>MIG is on: TensorFlow runs in one slice, at most {slice_gb} GB and about {speed_pct}% of the card's compute. To plan the whole card, turn MIG off (nvidia-smi -mig 0, as root, with no job running) and scan again.</source>
            <translation>MIG 已开启：TensorFlow 只在一个切片里运行，最多 {slice_gb} GB 显存、约为整卡 {speed_pct}% 的算力。若要按整卡规划，请关闭 MIG（以 root 身份、在没有任务运行时执行 nvidia-smi -mig 0）后重新检测。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>Many of these were used for mining: check the fans, temperatures and memory errors before paying.</source>
            <translation>这类卡很多挖过矿：付款前检查风扇、温度和显存错误。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>MirroredStrategy exchanges all gradients at once after the backward pass and ignores CommunicationOptions. To overlap the exchange with the backward pass: MultiWorkerMirroredStrategy with one worker per card (TF_CONFIG) and CommunicationOptions(bytes_per_pack=...), or Horovod (built with NCCL, one process per card), which fuses and overlaps gradients itself.</source>
            <translation>MirroredStrategy 在反向传播结束后一次性交换全部梯度，并且不理会 CommunicationOptions。要让梯度交换与反向传播重叠：可用 MultiWorkerMirroredStrategy，每块卡一个工作进程（通过 TF_CONFIG 配置），并设置 CommunicationOptions(bytes_per_pack=...)；或者用 Horovod（需带 NCCL 编译，每块卡一个进程），它会自动合并梯度并与计算重叠。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>NVIDIA driver {version} or newer (free)</source>
            <translation>NVIDIA 驱动 {version} 或更新（免费）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>NVIDIA driver {version} or newer, up to the R{branch} branch, the last for this card (free)</source>
            <translation>NVIDIA 驱动 {version} 及以上，但不超过 R{branch} 分支（这块卡的最后一个驱动分支；免费）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>NVIDIA's NGC TensorFlow container (Linux or WSL2, Docker)</source>
            <translation>NVIDIA NGC TensorFlow 容器（Linux 或 WSL2，Docker）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>NVIDIA's last TensorFlow container is {last}: no newer one will come. Pin the tag (nvcr.io/nvidia/tensorflow:{last}-tf2-py3) and keep a driver of {driver} or newer{forward}.</source>
            <translation>NVIDIA 的最后一个 TensorFlow 容器是 {last}，不会再有更新的版本。请固定使用该标签（nvcr.io/nvidia/tensorflow:{last}-tf2-py3），并保持驱动版本在 {driver} 或以上{forward}。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>NVLink</source>
            <translation>NVLink</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>NVLink between cards ({gbs} GB/s per card, both directions together).</source>
            <translation>卡间 NVLink 互联（每卡 {gbs} GB/s，双向合计）。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>NVLink bridge, {price} used ({date})</source>
            <translation>NVLink 桥，二手 {price}（{date}）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Needs a new {watts} W ATX 3.1 supply with a 12V-2x6 cable: about {price} (price of {date}), included in the total.</source>
            <translation>需要一台新的 {watts} W ATX 3.1 电源（带 12V-2x6 线）：约 {price}（{date} 的价格），已计入总价。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Needs a new {watts} W ATX 3.1 supply with {cables} separate PCIe 8-pin cables: about {price} (price of {date}), included in the total.</source>
            <translation>需要一台新的 {watts} W ATX 3.1 电源（带 {cables} 根独立的 PCIe 8-pin 线）：约 {price}（{date} 的价格），已计入总价。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Needs a new {watts} W supply with {cables} free CPU (EPS) 8-pin cables, which these cards take instead of PCIe plugs: about {price} (price of {date}), included in the total.</source>
            <translation>需要一台新的 {watts} W 电源，带 {cables} 根空闲的 CPU（EPS）8-pin 线——这些卡用的是 EPS 接口而不是 PCIe 接口：约 {price}（{date} 的价格），已计入总价。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Needs a {watts} W supply: more than one desktop supply delivers.</source>
            <translation>需要 {watts} W 电源：超出了台式机电源的能力。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Needs {needed_gb} GB per card; this card has {card_gb} GB, {usable_gb} GB of it usable.</source>
            <translation>每块卡需要 {needed_gb} GB 显存；这块卡有 {card_gb} GB，可用约 {usable_gb} GB。</translation>
        </message>
        <message>
            <source>Needs {needed_gb} GB per card; this card has {card_gb} GB.</source>
            <translation type="vanished">每块卡需要 {needed_gb} GB 显存，这块卡只有 {card_gb} GB。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>No ECC memory: for round-the-clock training a workstation or datacenter card is safer.</source>
            <translation>不支持 ECC 显存：7×24 小时训练更适合专业卡或数据中心卡。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>No NVIDIA GPU found: {detail}</source>
            <translation>未找到 NVIDIA GPU：{detail}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>No board of this card fits: even the reference design is {reference} mm long (common boards up to {length} mm); the case fits {clearance} mm.</source>
            <translation>这款卡没有一块板子装得下：连公版设计都有 {reference} mm 长（常见板卡最长 {length} mm），而机箱只容得下 {clearance} mm。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>No faster than what you have ({speedup}x), and your cards already hold this job: not worth buying for it.</source>
            <translation>不比现有显卡快（{speedup} 倍），而现有显卡已能胜任这个任务：不值得为此购买。</translation>
        </message>
        <message>
            <source>No faster than your own cards with ECC off ({speedup}x of them), which hold this job: turn ECC off rather than buy.</source>
            <translation type="vanished">不比关闭 ECC 后的现有显卡快（为其 {speedup} 倍），而关闭 ECC 后现有显卡就能胜任这个任务：请关闭 ECC，不必购买。</translation>
        </message>
        <message>
            <source>No faster than your own cards with MIG off ({speedup}x of them), which hold this job: turn MIG off rather than buy.</source>
            <translation type="vanished">不比关闭 MIG 后的现有显卡快（为其 {speedup} 倍），而关闭 MIG 后现有显卡就能胜任这个任务：请关闭 MIG，不必购买。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_view.py" />
            <source>No listing from {market} at most a year old: double-click to type the price you see.</source>
            <translation>没有{market}一年内的实际标价：双击输入您看到的价格。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>No manufacturer warranty: only what the seller offers, if anything.</source>
            <translation>没有厂商保修：只有卖家自己的保修（如果有的话）。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>No price on record for this card (in the shop's list or the catalog).</source>
            <translation>没有这块卡的价格记录（店铺价目表和目录中都没有）。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>No purchase needed: your cards already hold this job.</source>
            <translation>无需购买：现有显卡已能胜任这个任务。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>No {currency} price: converted from {source_currency} at {rate} CNY per USD ({rate_date}){tax}.</source>
            <translation>没有以{currency}计的价格：按 1 美元 = {rate} 元（{rate_date}）从以{source_currency}计的价格换算{tax}。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Not a price from {market}: the newest on record is from {seen_in} ({date}), converted. Ask the shop for today's price.</source>
            <translation>不是{market}的价格：最新记录来自{seen_in}（{date}），已换算。请向商家询问当前价格。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Not a price from {market}: the newest on record is from {seen_in} ({date}), converted. Type the price you see.</source>
            <translation>不是{market}的价格：最新记录来自{seen_in}（{date}），已换算。请输入您看到的价格。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Not in stock in this shop.</source>
            <translation>本店暂无现货。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Not offered: {by}</source>
            <translation>未推荐：{by}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Not sold in {region}: {reason}{since}.</source>
            <translation>在{region}买不到：{reason}{since}。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Not supported by {route}. It runs with: {other}.</source>
            <translation>{route}不支持这块卡。可用的方式：{other}。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Not worth buying: no ECC memory in place of your {installed}'s, for {speedup}x.</source>
            <translation>不值得买：用没有 ECC 的显存换掉您 {installed} 的 ECC 显存，只换来 {speedup} 倍。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Not worth buying: {card_gb} GB per card in place of your {installed_gb} GB takes away memory a later job may need, for {speedup}x.</source>
            <translation>不值得买：每块卡 {card_gb} GB 换掉您的 {installed_gb} GB，会拿走以后的任务可能用到的显存，只换来 {speedup} 倍。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Not worth buying: {speedup}x the speed of your cards is within this prediction's ±{error_pct}%, so it may gain nothing.</source>
            <translation>不值得买：速度是您现有显卡的 {speedup} 倍，落在这项预测 ±{error_pct}% 的误差之内，可能毫无提升。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Not worth buying: {speedup}x your own cards with ECC off, slower or within the prediction's error, and they hold this job: turn ECC off rather than buy.</source>
            <translation>不值得购买：只相当于关闭 ECC 后现有显卡的 {speedup} 倍，更慢或在预测误差之内，而关闭 ECC 后现有显卡就能胜任这个任务：请关闭 ECC，不必购买。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Not worth buying: {speedup}x your own cards with MIG off, slower or within the prediction's error, and they hold this job: turn MIG off rather than buy.</source>
            <translation>不值得购买：只相当于关闭 MIG 后现有显卡的 {speedup} 倍，更慢或在预测误差之内，而关闭 MIG 后现有显卡就能胜任这个任务：请关闭 MIG，不必购买。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>On a desktop board the cards share the CPU's lanes ({lanes}); a workstation board gives each x16.</source>
            <translation>在普通台式机主板上，多块卡共享 CPU 的 PCIe 通道（{lanes}）；工作站主板可为每块卡提供 x16。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>On native Windows TensorFlow uses the GPU only up to version 2.10: use WSL2 (or the NGC container in WSL2).</source>
            <translation>在原生 Windows 上，TensorFlow 只有 2.10 及以前的版本能用 GPU：请使用 WSL2（或在 WSL2 中使用 NGC 容器）。</translation>
        </message>
        <message>
            <source>One training run ({job}) on this MIG slice: about {hours} h and {cost} of electricity, the slice's {share_pct}% share of its card's draw; the server's CPUs, fans and switches add what its maker rates them at.</source>
            <translation type="vanished">在这个 MIG 分区上训练一次（{job}）：约 {hours} 小时，显卡电费约 {cost}，按该分区占所在显卡耗电的 {share_pct}% 计；服务器的 CPU、风扇和交换芯片另有耗电，以厂商的额定功耗为准。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>One training run ({job}) on this MIG slice: about {hours} h and {cost} of electricity, the slice's {share_pct}% share of its card's own {watts} W; the server's CPUs, fans, switches and supplies add what its maker rates them at.</source>
            <translation>在这个 MIG 切片上训练一次（{job}）：约 {hours} 小时，电费约 {cost}，按该切片占所在 GPU 自身 {watts} W 的 {share_pct}% 计；服务器的 CPU、风扇、交换芯片和电源另有耗电，以厂商的额定功耗为准。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>One training run ({job}) on this MIG slice: about {hours} h and {cost} of electricity, the slice's {share_pct}% share of the machine's draw.</source>
            <translation>在这个 MIG 切片上训练一次（{job}）：约 {hours} 小时，电费约 {cost}，按该切片占整机耗电的 {share_pct}% 计。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>One training run ({job}): about {hours} h and {cost} of electricity for the cards' own {watts} W; the server's CPUs, fans, switches and supplies add what its maker rates them at.</source>
            <translation>一次训练（{job}）：约 {hours} 小时，GPU 自身 {watts} W 的电费约 {cost}；服务器的 CPU、风扇、交换芯片和电源另有耗电，以厂商的额定功耗为准。</translation>
        </message>
        <message>
            <source>One training run ({job}): about {hours} h and {cost} of electricity for the cards; the server's CPUs, fans and switches add what its maker rates them at.</source>
            <translation type="vanished">一次训练（{job}）：约 {hours} 小时，显卡电费约 {cost}；服务器的 CPU、风扇和交换芯片另有耗电，以厂商的额定功耗为准。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>One training run ({job}): about {hours} h and {cost} of electricity.</source>
            <translation>一次训练（{job}）：约 {hours} 小时，电费约 {cost}。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>One training run ({job}): about {hours} h.</source>
            <translation>一次训练（{job}）：约 {hours} 小时。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Only an estimate ({date}) is on record, not a listed price: check what shops ask today.</source>
            <translation>只有估算价（{date}），没有实际标价：请查看商店今天的售价。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Only the launch price (MSRP, {date}) is on record, not a shelf price: check what shops ask today.</source>
            <translation>只有首发建议零售价（MSRP，{date}），不是实际售价：请查看商店今天的报价。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Over budget by {extra}: {total} against {budget}, for the memory this kind of work usually needs.</source>
            <translation>超出预算 {extra}：总价 {total}，预算 {budget}；多出的钱换来这类工作通常需要的显存。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>PCIe peer-to-peer</source>
            <translation>PCIe 点对点</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>PCIe through system memory</source>
            <translation>经系统内存中转的 PCIe</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>Passively cooled: needs a server's airflow or a fan shroud.</source>
            <translation>被动散热：需要服务器风道或加装风扇导流罩。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Pick a board at most {clearance} mm long: boards of this card run from {shortest} mm (the reference design) to {longest} mm, and the case fits {clearance} mm.</source>
            <translation>请挑一块不超过 {clearance} mm 长的板卡：这款卡的板卡从 {shortest} mm（公版设计）到 {longest} mm 不等，而机箱只容得下 {clearance} mm。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Planned with the {read_gb} GB the report gives this card, where every {gpu} has {card_gb} GB: check the report or the card before you buy anything for it.</source>
            <translation>本规划按报告给出的 {read_gb} GB 计算，但每块 {gpu} 都有 {card_gb} GB：为它购买任何东西之前，请先核对报告或这块卡。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/pack_text.py" />
            <source>Price pack {name} ({published}): {prices} prices; {added} new, {changed} changed, {same} the same, {removed} removed.</source>
            <translation>价格包 {name}（{published}）：{prices} 条价格；新增 {added} 条，变化 {changed} 条，不变 {same} 条，删除 {removed} 条。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Price to confirm ({speed}x): only a launch price or an estimate is on record, so it is listed after the cards priced by the market until you type the price you see.</source>
            <translation>价格待确认（{speed}x）：只有首发价或估计价，因此排在有市场价的卡之后，直到您输入看到的价格。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Price to confirm ({speed}x): only a launch price or an estimate is on record, so it is listed after the cards priced by the market. Ask the shop for today's price.</source>
            <translation>价格待确认（{speed}x）：只有首发价或估计价，因此排在有市场价的卡之后。请向商家询问当前价格。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>Price: {listed}, {condition}, from {source} ({date}).</source>
            <translation>价格：{listed}，{condition}，来源：{source}（{date}）。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>Prices behind these options: {count} cards, typically {months} months old ({oldest} to {newest}); {stale} over a year old, {unknown} over two years: check today's prices.</source>
            <translation>这些方案所用的价格：共 {count} 款显卡，一般是 {months} 个月前的（{oldest} 至 {newest}）；{stale} 款超过一年，{unknown} 款超过两年：请核实当前价格。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>Prices for {market}, in {currency}.</source>
            <translation>按{market}市场计价，单位：{currency}。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>Prices for {market}, shown in {shown}.</source>
            <translation>按{market}市场计价，以{shown}显示。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>Prices for {market}, shown in {shown}: converted for display only, at {rate} CNY per USD ({date}).</source>
            <translation>按{market}市场计价，以{shown}显示：仅为显示而换算，汇率 1 美元 = {rate} 元（{date}）。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>Prices from this shop's list, in {shown}.</source>
            <translation>价格来自本店价目表，单位：{shown}。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Prices of {price_kind} fell about {pct}% between {from_date} and {to_date} (measured on {cards} cards): today this one may be about {low}.</source>
            <translation>{price_kind}的价格在 {from_date} 至 {to_date} 间下跌了约 {pct}%（按 {cards} 款卡统计）：这块卡今天可能在 {low} 左右。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Prices of {price_kind} fell about {pct}% between {from_date} and {to_date} (measured on {cards} cards): today this one may be {low} to {high}.</source>
            <translation>{price_kind}的价格在 {from_date} 至 {to_date} 间下跌了约 {pct}%（按 {cards} 款卡统计）：这块卡今天可能在 {low} 到 {high} 之间。</translation>
        </message>
        <message>
            <source>Prices of {price_kind} fell about {pct}% between {from_date} and {to_date}: today this one may be {low} to {high}.</source>
            <translation type="vanished">{price_kind}的价格在 {from_date} 至 {to_date} 间下跌了约 {pct}%：这张卡今天可能在 {low} 到 {high} 之间。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Prices of {price_kind} rose about {pct}% between {from_date} and {to_date} (measured on {cards} cards): today this one may be about {low}.</source>
            <translation>{price_kind}的价格在 {from_date} 至 {to_date} 间上涨了约 {pct}%（按 {cards} 款卡统计）：这块卡今天可能在 {low} 左右。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Prices of {price_kind} rose about {pct}% between {from_date} and {to_date} (measured on {cards} cards): today this one may be {low} to {high}.</source>
            <translation>{price_kind}的价格在 {from_date} 至 {to_date} 间上涨了约 {pct}%（按 {cards} 款卡统计）：这块卡今天可能在 {low} 到 {high} 之间。</translation>
        </message>
        <message>
            <source>Prices of {price_kind} rose about {pct}% between {from_date} and {to_date}: today this one may be {low} to {high}.</source>
            <translation type="vanished">{price_kind}的价格在 {from_date} 至 {to_date} 间上涨了约 {pct}%：这张卡今天可能在 {low} 到 {high} 之间。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>Raise the budget to {price} ({extra} more): {gpu}{times}.</source>
            <translation>把预算提高到 {price}（多 {extra}）：{gpu}{times}。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Ranked by speed among the cards priced by the market: {speed}x. {gpu}{times} is faster ({other_speed}x) but has only a launch price or an estimate on record: ask the shop for today's price.</source>
            <translation>在有市场价的卡中按速度排序：{speed} 倍。{gpu}{times} 更快（{other_speed} 倍），但只有首发价或估计价：请向商家询问当前价格。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Ranked by speed among the cards priced by the market: {speed}x. {gpu}{times} is faster ({other_speed}x) but has only a launch price or an estimate on record: type the price you see, and it is ranked with these.</source>
            <translation>在有市场价的卡中按速度排序：{speed} 倍。{gpu}{times} 更快（{other_speed} 倍），但只有首发价或估计价：输入您看到的价格后，它就会与这些卡一起排序。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Ranked by speed within the budget: {speed}x.</source>
            <translation>按预算内的速度排序：{speed} 倍。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Ranked by value among the cards priced by the market: {speed}x for the price, {value} per 1,000 {currency}. {gpu}{times} is better value at its launch price or estimate ({other_value} per 1,000): ask the shop for today's price.</source>
            <translation>在有市场价的卡中按性价比排序：{speed} 倍速度，每 1000 {currency}可换得 {value} 倍速度。按首发价或估计价，{gpu}{times} 性价比更高（每 1000 可换得 {other_value} 倍）：请向商家询问当前价格。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Ranked by value among the cards priced by the market: {speed}x for the price, {value} per 1,000 {currency}. {gpu}{times} is better value at its launch price or estimate ({other_value} per 1,000): type the price you see, and it is ranked with these.</source>
            <translation>在有市场价的卡中按性价比排序：{speed} 倍速度，每 1000 {currency}可换得 {value} 倍速度。按首发价或估计价，{gpu}{times} 性价比更高（每 1000 可换得 {other_value} 倍）：输入您看到的价格后，它就会与这些卡一起排序。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Ranked by value: {speed}x for the price, {value} per 1,000 {currency}.</source>
            <translation>按性价比排序：{speed} 倍速度，每 1000 {currency}可换得 {value} 倍速度。</translation>
        </message>
        <message>
            <source>Rent {count} x {gpu} and run Keras 3 on JAX, which shards the model over them: about {hours} h for {job}, {price} ({per_hour} an hour).</source>
            <translation type="vanished">租用 {count} 块 {gpu}，用 JAX 后端的 Keras 3 把模型分片到这些卡上：{job}约需 {hours} 小时，共 {price}（每小时 {per_hour}）。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>Rent {count} x {gpu} and run Keras 3 on JAX, which shards the model over them: about {hours} h for {job}, {price} ({per_hour} an hour{hour_part}).</source>
            <translation>租用 {count} 块 {gpu}，用 JAX 后端的 Keras 3 把模型分片到这些卡上：{job}约需 {hours} 小时，共 {price}（每小时 {per_hour}{hour_part}）。</translation>
        </message>
        <message>
            <source>Rent {count} x {gpu}: about {hours} h for {job}, {price} ({per_hour} an hour).</source>
            <translation type="vanished">租用 {count} 块 {gpu}：{job}约需 {hours} 小时，共 {price}（每小时 {per_hour}）。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>Rent {count} x {gpu}: about {hours} h for {job}, {price} ({per_hour} an hour{hour_part}).</source>
            <translation>租用 {count} 块 {gpu}：{job}约需 {hours} 小时，共 {price}（每小时 {per_hour}{hour_part}）。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>Replace</source>
            <translation>更换</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>Run TensorFlow as {to} ({vram_gb} GB)</source>
            <translation>改用 {to} 运行 TensorFlow（需 {vram_gb} GB）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>Run TensorFlow as {to} with {method} ({vram_gb} GB)</source>
            <translation>改用 {to} 运行 TensorFlow，并采用 {method}（需 {vram_gb} GB）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>Runs modified firmware: a driver update may stop it working.</source>
            <translation>使用修改过的固件：驱动更新后可能无法工作。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Runs outside TensorFlow: {engine} drives this card through {backend}.</source>
            <translation>不经过 TensorFlow：{engine} 通过 {backend} 驱动这块卡。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Runs through ROCm on Linux only (no Windows or macOS GPU support).</source>
            <translation>只能在 Linux 上通过 ROCm 运行（Windows 和 macOS 不支持 GPU）。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Separate 8-pin cables needed: {needed}; the supply has {have}.</source>
            <translation>需要独立的 8-pin 供电线 {needed} 根，电源只有 {have} 根。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>Shorten the sequence to {to} tokens ({vram_gb} GB)</source>
            <translation>把序列长度缩短到 {to}（需 {vram_gb} GB）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Speed not measured on {vendor} cards with TensorFlow: the prediction is a wide estimate.</source>
            <translation>尚无 {vendor} 显卡运行 TensorFlow 的实测速度：预测值只是粗略估计。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Speed not measured on {vendor} cards with {engine}: the prediction is a wide estimate from the card's memory speed.</source>
            <translation>{engine} 在 {vendor} 显卡上的速度没有实测数据：预测只是按显存带宽推算的粗略估计。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>System memory ({ram_gb} GB) is less than the cards' memory ({vram_gb} GB): plan for at least as much RAM.</source>
            <translation>内存（{ram_gb} GB）少于显卡显存（{vram_gb} GB）：内存至少应与显存一样多。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>TensorFlow is not installed in this Python ({python}); the probe needs it: pip install tensorflow.</source>
            <translation>此 Python（{python}）未安装 TensorFlow；测速需要它：pip install tensorflow。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>TensorFlow reaches this AMD card only through ROCm on Linux: allow ROCm to consider it.</source>
            <translation>TensorFlow 只能在 Linux 上通过 ROCm 使用这块 AMD 显卡：勾选接受 ROCm 后才会考虑它。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>TensorFlow {version} has no GPU support on native Windows (the last was 2.10): use WSL2, or TF 2.10 with CUDA 11.2.</source>
            <translation>TensorFlow {version} 在原生 Windows 上不支持 GPU（最后支持的是 2.10）：请使用 WSL2，或 TF 2.10 + CUDA 11.2。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>TensorFlow {version} is installed without its CUDA libraries: pip install 'tensorflow[and-cuda]'.</source>
            <translation>已安装 TensorFlow {version}，但缺少 CUDA 库：pip install 'tensorflow[and-cuda]'。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>The GPU runs at x{width} of x{card_width}: its laptop is wired so, nothing to change; training from data on the card loses little.</source>
            <translation>显卡以 x{width}（最高 x{card_width}）运行：这台笔记本出厂就是这样布线的，无需更改；数据放在显存中训练时影响很小。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>The GPU sits behind a PCIe switch ({ports} ports up to the CPU); cards on it share its uplink.</source>
            <translation>该 GPU 位于 PCIe 交换芯片之后（到 CPU 共 {ports} 个端口），同一交换芯片上的显卡共享上行带宽。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>The bridge would make the pair only {pct}% faster at this job (a bridge pays from {min_pct}%): not worth buying for it.</source>
            <translation>对这项任务，桥接器只能让这对显卡快 {pct}%（至少快 {min_pct}% 才值得）：不值得为此购买。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>The bridge would not make the pair faster at this job (a bridge pays from {min_pct}%): not worth buying for it.</source>
            <translation>对这项任务，桥接器不会让这对显卡变快（至少快 {min_pct}% 才值得）：不值得为此购买。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>The cards need {needed} slots; {free} are free.</source>
            <translation>显卡需要 {needed} 个槽位，空闲 {free} 个。</translation>
        </message>
        <message>
            <source>The cheapest instance for this job: {count} x {gpu}, about {hours} h for {job}, {price} ({per_hour} an hour).</source>
            <translation type="vanished">做这项任务最便宜的实例：{count} 块 {gpu}，{job}约需 {hours} 小时，{price}（每小时 {per_hour}）。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>The cheapest instance for this job: {count} x {gpu}, about {hours} h for {job}, {price} ({per_hour} an hour{hour_part}).</source>
            <translation>做这项任务最便宜的实例：{count} 块 {gpu}，{job}约需 {hours} 小时，{price}（每小时 {per_hour}{hour_part}）。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>The computer would draw {wall_w} W from the wall, above the {limit_w} W a {socket} socket supplies continuously.</source>
            <translation>整机将从插座取电约 {wall_w} W，超过 {socket} 插座可持续供电的 {limit_w} W。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/pack_text.py" />
            <source>The exchange rate {card} in price pack {owner} was ignored: its {column} is {value}, not a rate. Import the pack again, or remove it with: gpuplanner db packs --remove {owner}</source>
            <translation>价格包 {owner} 中的汇率 {card} 已被忽略：其{column}为 {value}，不是汇率。请重新导入该价格包，或用以下命令删除：gpuplanner db packs --remove {owner}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>The fastest of the instances with an hourly price on record: {count} x {gpu}, about {hours} h for {job}, {price} ({per_hour} an hour{hour_part}).</source>
            <translation>有每小时价格记录的实例中最快的：{count} 块 {gpu}，{job}约需 {hours} 小时，{price}（每小时 {per_hour}{hour_part}）。</translation>
        </message>
        <message>
            <source>The fastest: {count} x {gpu}, about {hours} h for {job}, {price} ({per_hour} an hour).</source>
            <translation type="vanished">最快的实例：{count} 块 {gpu}，{job}约需 {hours} 小时，{price}（每小时 {per_hour}）。</translation>
        </message>
        <message>
            <source>The fastest: {count} x {gpu}, about {hours} h for {job}, {price} ({per_hour} an hour{hour_part}).</source>
            <translation type="vanished">最快的实例：{count} 块 {gpu}，{job}约需 {hours} 小时，{price}（每小时 {per_hour}{hour_part}）。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>The model is split over {count} cards by layers: memory adds up, but generating a token is no faster than on one card.</source>
            <translation>模型按层拆分到 {count} 块卡上：显存可以相加，但生成每个词元的速度不比单卡快。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>The pair needs an NVLink bridge ({price} used): over PCIe it would scale far less. The board's two x16 slots must be as far apart as the bridge (3 or 4 slots).</source>
            <translation>这两块卡需要一个 NVLink 桥（二手 {price}）：只走 PCIe 的话多卡加速会差很多。主板上两个 x16 插槽的间距必须与桥一致（3 槽或 4 槽）。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>The pair needs the data-centre NVLink bridge made for {gpu} (NVIDIA's 2- or 4-way board, not a desktop card's bridge): over PCIe it would scale far less. No price for it is on record, so the total leaves it out: price to confirm with the seller, who usually sells these pairs with it fitted.</source>
            <translation>这对卡需要为 {gpu} 设计的数据中心 NVLink 桥（NVIDIA 的 2 路或 4 路桥接板，不是桌面显卡的桥）：只走 PCIe 的话扩展效率会低得多。目前没有它的价格记录，因此总价未计入：价格待向卖家确认，这类成对的卡通常出售时已装好桥。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>The price behind this option is {months} months old ({oldest}): check today's price.</source>
            <translation>这个方案所用的价格是 {months} 个月前的（{oldest}）：请核实当前价格。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>The price is an estimate that was not checked against a source.</source>
            <translation>该价格为估计值，未经来源核对。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>The probe saw your current GPU slow down from heat: improve the case airflow first.</source>
            <translation>测速时当前显卡因过热降频：请先改善机箱风道。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>The report does not show NVLink (nvidia-smi -q never does): the plan assumes your {gpu} pair has its NVLink bridge fitted, as such pairs are sold. If it has none, say so (--nvlink-bridge none, or on the job page), or load an nvidia-smi topo -m or nvidia-smi nvlink -s capture with the report.</source>
            <translation>报告中看不到 NVLink（nvidia-smi -q 从不显示）：方案假定您的这对 {gpu} 已装好 NVLink 桥，这类成对的卡通常如此出售。如果没有桥，请说明（--nvlink-bridge none，或在任务页选择），或随报告一起载入 nvidia-smi topo -m 或 nvidia-smi nvlink -s 的输出。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>The report gives this card {read_gb} GB, and every {gpu} has {card_gb} GB: check the report, or the card (a relabelled card reports its own memory under another's name). The plan counts the {read_gb} GB read.</source>
            <translation>报告显示这块卡有 {read_gb} GB 显存，而每块 {gpu} 都有 {card_gb} GB：请核对报告或这块卡（改标的假卡会以别的型号名报告自己的真实显存）。规划按读到的 {read_gb} GB 计算。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>The report says {attached} GPUs are attached but describes {described}: only those it describes are planned. A whole nvidia-smi -q -x (no --id) lists them all.</source>
            <translation>报告显示连接了 {attached} 块 GPU，但只描述了 {described} 块：规划只计入描述到的这些。完整运行 nvidia-smi -q -x（不加 --id）会列出全部显卡。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>The scan saw these cards' links at {lanes}: x4 or narrower is a riser or a chipset slot, not the CPU's lanes. A CPU slot makes the cards' exchange of gradients faster.</source>
            <translation>扫描看到这些卡的链路为 {lanes}：x4 或更窄说明用的是延长线（riser）或芯片组插槽，而不是 CPU 的通道。插到 CPU 直连的插槽上，显卡之间交换梯度会更快。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>The top card has no price from {market} newer than {months} months: ask the shop for today's price before you buy.</source>
            <translation>排名第一的卡没有{market}近 {months} 个月内的价格：购买前请向商家询问当前价格。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>The top card has no price from {market} newer than {months} months: type the price you see over its total, and the plan uses it.</source>
            <translation>排名第一的卡没有{market}近 {months} 个月内的价格：请在其总价处输入您看到的价格，方案会按它计算。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>The vendor recommends a {recommended_w} W supply; this one has {psu_w} W.</source>
            <translation>厂商建议使用 {recommended_w} W 电源，当前电源为 {psu_w} W。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>These GeForce cards cannot talk to each other directly (peer-to-peer is off): gradients go through system memory.</source>
            <translation>这些 GeForce 显卡之间不能直接通信（点对点传输被禁用）：梯度要经过系统内存中转。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>This computer looks like a small office PC (its card runs from the slot): {count} cards need slots, cables and airflow it may lack. Enter its supply and case to check.</source>
            <translation>本机像是一台小型办公电脑（显卡只靠插槽供电）：{count} 块卡需要的插槽、供电线和散热它可能都没有。请填写电源和机箱信息后再判断。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>This computer's CPU has no AVX, which TensorFlow's own pip wheels need: TensorFlow stops as it loads ("Illegal instruction"), whatever card it has. It runs on a new PC whose CPU has AVX.</source>
            <translation>这台电脑的 CPU 不支持 AVX，而 TensorFlow 官方 pip 安装包需要它：无论装什么显卡，TensorFlow 都会在加载时中止（“Illegal instruction”）。换一台 CPU 支持 AVX 的新电脑才能运行。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>This computer's GPU slot runs at x{width} (the card is x{card_width}): check that it is a full-length slot; transfers run at x{width}.</source>
            <translation>本机的显卡插槽以 x{width} 运行（显卡为 x{card_width}）：请确认是全长插槽；传输按 x{width} 速率进行。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <location filename="gpuplanner/report/plan_text.py" />
            <source>This is a cloud or virtual machine (the scan's kind line says what shows it): to go faster, choose a larger instance instead of buying a card.</source>
            <translation>这是一台云主机或虚拟机（扫描结果的“机器类型”一行写明了依据）：想更快请换用更大的实例，而不是购买显卡。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>This job needs {count} cards: renting datacenter GPUs is usually cheaper than buying them.</source>
            <translation>该任务需要 {count} 块卡：租用云端数据中心 GPU 通常比购买更划算。</translation>
        </message>
        <message>
            <source>This report comes from a Windows driver (WDDM): on native Windows TensorFlow uses the GPU only up to version 2.10, inside WSL2 it does. Run it in WSL2 (or Linux).</source>
            <translation type="vanished">这份报告来自 Windows 驱动（WDDM）：在原生 Windows 上，TensorFlow 只有 2.10 及以前的版本能用 GPU；在 WSL2 里可以。请在 WSL2（或 Linux）中运行。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>This report comes from a Windows driver (WDDM): on native Windows TensorFlow uses the GPU only up to version 2.10; inside WSL2 every version does. Run it in WSL2 (or Linux).</source>
            <translation>这份报告来自 Windows 驱动（WDDM）：在原生 Windows 上，TensorFlow 只有 2.10 及以前的版本能用 GPU；在 WSL2 里每个版本都能用。请在 WSL2（或 Linux）中运行。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>This shop's prices: {cards}</source>
            <translation>本店价格：{cards}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>Turn ECC off so that jobs get all of the card's memory (nvidia-smi -e 0, as root, then a restart; memory errors are then no longer corrected) ({vram_gb} GB)</source>
            <translation>关闭 ECC，让任务用上整块卡的显存（以 root 身份执行 nvidia-smi -e 0，然后重启；此后显存错误不再被纠正）（需 {vram_gb} GB）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>Turn MIG off so that the job has the whole card (nvidia-smi -mig 0, as root, with no job running; every slice is removed) ({vram_gb} GB)</source>
            <translation>关闭 MIG，让任务独占整块卡（以 root 身份、在没有任务运行时执行 nvidia-smi -mig 0；所有切片都会被删除）（需 {vram_gb} GB）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>US export rules keep it out</source>
            <translation>受美国出口管制，不能在此销售</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>USD</source>
            <translation>美元</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Until a job needs more than {vram_gb} GB per card.</source>
            <translation>在任务每卡所需显存超过 {vram_gb} GB 之前，都不必购买。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>Use a batch of {to} ({vram_gb} GB)</source>
            <translation>批大小改为 {to}（需 {vram_gb} GB）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>Use {to} instead ({vram_gb} GB)</source>
            <translation>改用 {to}（需 {vram_gb} GB）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>With {route}, the best pick would be {gpu}{times} for {price}.</source>
            <translation>若使用 {route}，最佳选择是 {gpu}{times}，价格 {price}。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Your CPU decodes about {pipeline} images/s; this card could train on {predicted} images/s: the CPU would hold it back.</source>
            <translation>您的 CPU 每秒约能解码 {pipeline} 张图片，而这块卡每秒可训练 {predicted} 张：CPU 会拖慢它。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Your cards run at a {cap_w} W power limit of their {default_w} W default: about {speed_pct}% of their speed, as planned here. In a server the chassis's supplies and cooling set that limit: change it only as the server's maker allows.</source>
            <translation>您的显卡运行在 {cap_w} W 功耗上限（默认 {default_w} W）：约为其速度的 {speed_pct}%，本方案即按此计算。服务器中这个上限由机箱的电源和散热决定：只能在服务器厂商允许的范围内更改。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Your cards run at a {cap_w} W power limit of their {default_w} W default: about {speed_pct}% of their speed. The supply and cooling permitting, lift it with nvidia-smi -pl {default_w}.</source>
            <translation>您的显卡被限制在 {cap_w} W 功耗上限（默认 {default_w} W）：只有约 {speed_pct}% 的速度。电源和散热允许的话，可用 nvidia-smi -pl {default_w} 解除限制。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Your cards run at their {cap_w} W default; their board can be set up to {max_w} W. Any gain above the default is an extrapolation (the power law was measured only below it), at most about {gain_pct}%, and it costs {extra_w} W more per card ({total_extra_w} W in all) from the supply and through the card's power plugs, loaded to {plug_pct}% of their rating.</source>
            <translation>您的显卡运行在默认的 {cap_w} W；板卡最高可设到 {max_w} W。高于默认值的提速只是外推（功耗与速度的关系只在默认值以下测过），最多约 {gain_pct}%，代价是每块卡多耗 {extra_w} W（共 {total_extra_w} W），由电源供给并经过显卡的供电接口，使其负载达到额定值的 {plug_pct}%。</translation>
        </message>
        <message>
            <source>Your cards run at {cap_w} W; their board can be set up to {max_w} W: about {speed_pct}% of the speed they have there. The supply and cooling permitting, raise it with nvidia-smi -pl {max_w}.</source>
            <translation type="vanished">您的显卡运行在 {cap_w} W 功耗上限，而板卡最高可设到 {max_w} W：现在约为那时速度的 {speed_pct}%。电源和散热允许的话，可用 nvidia-smi -pl {max_w} 调高。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Your current GPU reached {temp} °C during the probe.</source>
            <translation>测速时当前显卡温度达到 {temp} °C。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>Your own prices: {cards}</source>
            <translation>您自己输入的价格：{cards}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Your price, entered {date}.</source>
            <translation>您的价格，{date} 录入。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Your slot is PCIe Gen{slot_gen}; this card is Gen{card_gen}: transfers run at about {percent}% of its rate (a job that works from GPU memory loses little).</source>
            <translation>您的插槽是 PCIe Gen{slot_gen}，这块卡是 Gen{card_gen}：传输速率约为其全速的 {percent}%（数据放在显存里运行的任务影响很小）。</translation>
        </message>
        <message>
            <source>Your slot is PCIe Gen{slot_gen}; this card is Gen{card_gen}: transfers run at about {percent}% of its rate (training from GPU memory loses little).</source>
            <translation type="vanished">您的插槽是 PCIe Gen{slot_gen}，这块卡是 Gen{card_gen}：传输速率约为其全速的 {percent}%（数据在显存中训练时影响很小）。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/pack_text.py" />
            <source>Your stored price of {card} was ignored: its {column} is {value}, not a price. Remove it with: gpuplanner db prices "{card}" --forget</source>
            <translation>您保存的 {card} 价格已被忽略：其{column}为 {value}，不是价格。请用以下命令删除：gpuplanner db prices "{card}" --forget</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Your supply said it was delivering {output_w} W of its {rated_w} W ({pct}%) when its reading was saved: this plan counts only the parts it knows. Read it again under your usual load before adding to it.</source>
            <translation>保存读数时，您的电源正在输出 {output_w} W（额定 {rated_w} W 的 {pct}%）：本规划只计算它知道的那些部件。加装之前，请在平常的负载下重新读一次电源。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>Your {current} runs from the slot alone, which says nothing about your power supply: this {card_w} W card needs PCIe power cables. Planned with a {watts} W supply ({price}); if yours has the cables and the watts, enter it and the supply drops out.</source>
            <translation>您的 {current} 只靠插槽供电，这说明不了电源的情况：这块 {card_w} W 的卡需要 PCIe 供电线。方案中已算入一台 {watts} W 电源（{price}）；如果您的电源有这些供电线且功率足够，请填写电源信息，这笔费用就会去掉。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>a card made for the Chinese market</source>
            <translation>这是面向中国市场的型号</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>a cloud's own card: rented by the hour, never sold</source>
            <translation>云厂商专用卡：只按小时租用，不对外出售</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>a desktop card in a server</source>
            <translation>服务器不适合装桌面显卡</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>a fine-tuning run of 20 million tokens</source>
            <translation>一次 2000 万词元的微调</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>a gain within the prediction's error</source>
            <translation>提升在预测误差之内</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>a modified card (allow used cards to see it)</source>
            <translation>魔改卡（允许二手卡后可见）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>a small PC: one card unless checked</source>
            <translation>小型电脑：未确认前只考虑一块卡</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/pack_text.py" />
            <source>added</source>
            <translation>新增</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/pack_text.py" />
            <source>amount</source>
            <translation>金额</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>an estimate, not a listing</source>
            <translation>估算价，非实际标价</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/pack_text.py" />
            <source>changed</source>
            <translation>有变化</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>cloud, per hour</source>
            <translation>云端（按小时）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/pack_text.py" />
            <source>condition</source>
            <translation>成色</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/pack_text.py" />
            <source>currency</source>
            <translation>货币</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/pack_text.py" />
            <source>date</source>
            <translation>日期</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>every card holds the whole job</source>
            <translation>每块卡各存一份完整任务</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>from {market}: {listed}</source>
            <translation>来自{market}：{listed}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>full fine-tuning</source>
            <translation>全参数微调</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/pack_text.py" />
            <source>highest price</source>
            <translation>最高价</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>its compute capability is below what the route builds for</source>
            <translation>计算能力低于该途径所支持的最低版本</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>its memory was not read</source>
            <translation>未读取到显存大小</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>launch price (MSRP)</source>
            <translation>首发价（MSRP）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>layers split over the cards</source>
            <translation>按层拆分到多块卡</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>less memory than your card</source>
            <translation>显存比您的卡少</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/pack_text.py" />
            <source>line {line}</source>
            <translation>第 {line} 行</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/pack_text.py" />
            <source>lowest price</source>
            <translation>最低价</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>macOS has no CUDA: TensorFlow uses the CPU (or Apple's tensorflow-metal plugin on Apple silicon).</source>
            <translation>macOS 不支持 CUDA：TensorFlow 使用 CPU（Apple 芯片可用 tensorflow-metal 插件）。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>more cards than the board has x16 slots</source>
            <translation>卡数超过主板的 x16 插槽数</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>more than the wall socket supplies</source>
            <translation>超出插座供电能力</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>needs ROCm on Linux</source>
            <translation>需要 Linux 上的 ROCm</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>needs a server</source>
            <translation>需要服务器</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>new</source>
            <translation>全新</translation>
        </message>
        <message>
            <location filename="resources/catalog/price_trends.csv" />
            <source>new RTX 50 cards</source>
            <translation>全新 RTX 50 系列显卡</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>no ECC, unlike your card</source>
            <translation>没有 ECC，而您的卡有</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>no desktop supply is large enough</source>
            <translation>没有足够大的台式机电源</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>no price on record</source>
            <translation>没有价格记录</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>no route on record</source>
            <translation>暂无记录的方式</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>not enough memory</source>
            <translation>显存不足</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>not enough power cables</source>
            <translation>供电线不够</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>not enough slots</source>
            <translation>槽位不够</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>not every job fits</source>
            <translation>不是每个任务都放得下</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>not in stock</source>
            <translation>无现货</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>not sold in your region</source>
            <translation>您所在地区买不到</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>one WMT14 English-German training</source>
            <translation>一次 WMT14 英德翻译训练</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>one million generated tokens</source>
            <translation>生成 100 万个词元</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>out of production, sold used only</source>
            <translation>已停产，只有二手</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>over the budget</source>
            <translation>超出预算</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>passive cooling needs a server</source>
            <translation>被动散热需要服务器机箱</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/pack_text.py" />
            <source>rate</source>
            <translation>汇率</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>refurbished</source>
            <translation>翻新</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/pack_text.py" />
            <source>removed</source>
            <translation>删除</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/pack_text.py" />
            <source>same</source>
            <translation>不变</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>slower than your cards</source>
            <translation>比您现有的卡慢</translation>
        </message>
        <message>
            <source>smaller than your card for little gain</source>
            <translation type="vanished">比您的卡显存小，提速却不多</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>the CPU has no AVX for TensorFlow's wheels</source>
            <translation>CPU 不支持 TensorFlow 安装包所需的 AVX</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>the TensorFlow route cannot run it</source>
            <translation>所选 TensorFlow 安装方式无法使用它</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>the US</source>
            <translation>美国</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>the bridge adds nothing</source>
            <translation>桥接器没有提升</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>the bridge adds too little</source>
            <translation>桥接器提升太小</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>the inference engine does not run this make</source>
            <translation>推理引擎不支持这个品牌的显卡</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>the inference engine has no kernels for its chip</source>
            <translation>推理引擎没有适用于这颗芯片的内核</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>the inference engine needs a newer card</source>
            <translation>推理引擎需要更新的显卡</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>the layers are divided</source>
            <translation>按层拆分到各卡</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>the official TensorFlow pip wheels</source>
            <translation>官方 TensorFlow pip 安装包</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>the power supply is too small</source>
            <translation>电源功率不够</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>the server's CPUs, fans, switches and supplies: its maker's rating</source>
            <translation>服务器的 CPU、风扇、交换芯片和电源：以厂商的额定功耗为准</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>the weights and optimizer state are divided</source>
            <translation>权重和优化器状态分摊到各卡</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>this shop</source>
            <translation>本店</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>too long for the case</source>
            <translation>机箱放不下</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>under the memory a student needs</source>
            <translation>显存低于学生所需</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>used</source>
            <translation>二手</translation>
        </message>
        <message>
            <location filename="resources/catalog/price_trends.csv" />
            <source>used RTX 30 cards</source>
            <translation>二手 RTX 30 系列显卡</translation>
        </message>
        <message>
            <location filename="resources/catalog/price_trends.csv" />
            <source>used RTX 50 cards</source>
            <translation>二手 RTX 50 系列显卡</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>x{card_width} card in a slot wired for x{width}: half the lanes or fewer.</source>
            <translation>x{card_width} 显卡所在插槽只接了 x{width} 通道。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>x{card_width} card running at x{width} in this virtual machine: the provider's host sets the link, nothing to change here (another instance type may give the full width).</source>
            <translation>这台虚拟机里的 x{card_width} 显卡以 x{width} 运行：链路由云服务商的宿主机决定，这里无需改动（换一种实例类型可能得到完整带宽）。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>x{card_width} card running at x{width}: check the slot (a second card or an M.2 drive may share its lanes).</source>
            <translation>x{card_width} 显卡以 x{width} 运行：检查插槽（第二块显卡或 M.2 硬盘可能共享通道）。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>your own</source>
            <translation>您自己录入</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>your own Keras model</source>
            <translation>您自己的 Keras 模型</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>your price, {date}</source>
            <translation>您的价格，{date}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>your {gpu}{times} can run it, no purchase needed.</source>
            <translation>您现有的 {gpu}{times} 就能胜任，无需购买。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>{card_gb} GB cards run out of memory on today's models: 12-16 GB is the entry point.</source>
            <translation>{card_gb} GB 显存跑现在的模型很容易不够：12–16 GB 才是入门配置。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>{card_gb} GB holds this job ({needed_gb} GB), but is under the {floor_gb} GB this kind of work usually needs: a larger model or batch later may not fit.</source>
            <translation>{card_gb} GB 能放下这个任务（需 {needed_gb} GB），但低于这类工作通常需要的 {floor_gb} GB：以后换更大的模型或批大小可能放不下。</translation>
        </message>
        <message>
            <source>{card_gb} GB in place of your {installed_gb} GB for {speedup}x: a smaller card is worth it only at least {min_pct}% faster.</source>
            <translation type="vanished">用 {card_gb} GB 换掉您的 {installed_gb} GB，只快 {speedup} 倍：显存更小的卡至少要快 {min_pct}% 才值得换。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>{card_gb} GB is under the {floor_gb} GB a student's card should have, and a {floor_gb} GB card fits the budget.</source>
            <translation>{card_gb} GB 低于学生用卡应有的 {floor_gb} GB，而预算内就买得到 {floor_gb} GB 的卡。</translation>
        </message>
        <message>
            <source>{card_gb} GB is under the {floor_gb} GB this kind of work usually needs: small batches or tricks.</source>
            <translation type="vanished">{card_gb} GB 低于这类任务通常需要的 {floor_gb} GB：只能用小批量或省显存的技巧。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>{change}: {result}</source>
            <translation>{change}：{result}</translation>
        </message>
        <message>
            <source>{count} PCIe replays since reset: a count without its time says little (NVIDIA's DCGM warns above 8 a minute). Read it again after a minute of training; if it climbs faster, check the riser cable or the slot's contact.</source>
            <translation type="vanished">自复位以来 PCIe 重传 {count} 次：只有次数、没有时长，说明不了什么（NVIDIA 的 DCGM 在每分钟超过 8 次时才告警）。训练一分钟后再读一次；若增长得更快，请检查延长线或插槽接触。</translation>
        </message>
        <message>
            <source>{count} PCIe replays since reset: a count without its time says little (NVIDIA's DCGM warns above 8 a minute). Read it again after a minute of training; if it climbs faster, have the server's maker check the GPU's slot or baseboard and its seating.</source>
            <translation type="vanished">自复位以来 PCIe 重传 {count} 次：只有次数、没有时长，说明不了什么（NVIDIA 的 DCGM 在每分钟超过 8 次时才告警）。训练一分钟后再读一次；若增长得更快，请让服务器厂商检查 GPU 的插槽或基板以及安装是否到位。</translation>
        </message>
        <message>
            <source>{count} PCIe replays since reset: a count without its time says little (NVIDIA's DCGM warns above 8 a minute). Read it again after a minute of training; if it climbs faster, the cloud's hardware is at fault: move to another instance.</source>
            <translation type="vanished">自复位以来 PCIe 重传 {count} 次：只有次数、没有时长，说明不了什么（NVIDIA 的 DCGM 在每分钟超过 8 次时才告警）。训练一分钟后再读一次；若增长得更快，问题出在云厂商的硬件上：请换一台实例。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>{count} PCIe replays since reset: a count without its time says little (NVIDIA's DCGM warns above 8 a minute). Read it again after a minute of training; if it has climbed by more than 8, check the riser cable or the slot's contact.</source>
            <translation>自复位以来 PCIe 重传 {count} 次：只有次数、没有时长，说明不了什么（NVIDIA 的 DCGM 在每分钟超过 8 次时才告警）。训练一分钟后再读一次；若增加了 8 次以上，请检查延长线或插槽接触。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>{count} PCIe replays since reset: a count without its time says little (NVIDIA's DCGM warns above 8 a minute). Read it again after a minute of training; if it has climbed by more than 8, have the server's maker check the GPU's slot or baseboard and its seating.</source>
            <translation>自复位以来 PCIe 重传 {count} 次：只有次数、没有时长，说明不了什么（NVIDIA 的 DCGM 在每分钟超过 8 次时才告警）。训练一分钟后再读一次；若增加了 8 次以上，请让服务器厂商检查 GPU 的插槽或基板以及安装是否到位。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>{count} PCIe replays since reset: a count without its time says little (NVIDIA's DCGM warns above 8 a minute). Read it again after a minute of training; if it has climbed by more than 8, the cloud's hardware is at fault: move to another instance.</source>
            <translation>自复位以来 PCIe 重传 {count} 次：只有次数、没有时长，说明不了什么（NVIDIA 的 DCGM 在每分钟超过 8 次时才告警）。训练一分钟后再读一次；若增加了 8 次以上，问题出在云厂商的硬件上：请换一台实例。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>{count} PCIe replays since reset: a count without its time says little (NVIDIA's DCGM warns above 8 a minute). Read it again after a minute of training; if it has climbed by more than 8, the host's hardware is at fault: tell whoever runs the host.</source>
            <translation>自复位以来 PCIe 重传 {count} 次：只有次数、没有时长，说明不了什么（NVIDIA 的 DCGM 在每分钟超过 8 次时才告警）。训练一分钟后再读一次；若增加了 8 次以上，问题出在宿主机的硬件上：请告知宿主机的管理者。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>{count} PCIe replays since reset: a count without its time says little (NVIDIA's DCGM warns above 8 a minute). Read it again after a minute of training; if it has climbed by more than 8, the link on the laptop's board is at fault: a repair for its maker (the GPU is soldered, there is no slot to reseat).</source>
            <translation>自复位以来 PCIe 重传 {count} 次：只有次数、没有时长，说明不了什么（NVIDIA 的 DCGM 在每分钟超过 8 次时才告警）。训练一分钟后再读一次；若增加了 8 次以上，问题出在笔记本主板上的链路：请找厂商维修（GPU 焊在主板上，没有插槽可以重新插拔）。</translation>
        </message>
        <message>
            <source>{count} PCIe replays since reset: the link is retrying transfers (riser cable or slot contact?).</source>
            <translation type="vanished">自复位以来 PCIe 重传 {count} 次：链路在重试传输（延长线或插槽接触不良？）。</translation>
        </message>
        <message>
            <source>{count} PCIe replays since reset: the link is retrying transfers. In a server, have its maker check the GPU's slot or baseboard and its seating.</source>
            <translation type="vanished">自复位以来有 {count} 次 PCIe 重传：链路在重试传输。这是服务器，请让厂商检查 GPU 的插槽或基板以及安装是否到位。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>{count} cards need {count} x16 slots; a board like this has {slots}: a workstation or server board is needed.</source>
            <translation>{count} 块卡需要 {count} 个 x16 插槽，这类主板只有 {slots} 个：需要工作站或服务器主板。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>{count} cards reach about {efficiency_pct}% of {count}x one card ({link}: the gradients' all-reduce at {gbs} GB/s per card and direction).</source>
            <translation>{count} 块卡约能达到单卡 {count} 倍速度的 {efficiency_pct}%（{link}：梯度同步每卡每方向约 {gbs} GB/s）。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>{count} cards reach only {efficiency_pct}% of linear for this job: what they exchange each step is too much for the link. Run it on fewer of them and give the others jobs of their own.</source>
            <translation>{count} 块卡在这个任务上只能达到线性加速的 {efficiency_pct}%：每一步要交换的数据对这条链路来说太多了。请用更少的卡跑它，把其余的卡分给别的任务。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>{count} cards reach only {efficiency_pct}% of linear for this job: what they exchange each step is too much for the link; one faster card is the better buy.</source>
            <translation>{count} 块卡在这个任务上只能达到线性加速的 {efficiency_pct}%：每一步要交换的数据太多，卡间链路跟不上；买一块更快的卡更划算。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>{count} cards take {needed} slot positions with room for air, more than the {positions} of this case: they need a workstation or server chassis.</source>
            <translation>{count} 块卡连同通风间隙要占 {needed} 个槽位，超过这种机箱的 {positions} 个：需要工作站或服务器机箱。</translation>
        </message>
        <message>
            <source>{count} cards take {needed} slot positions with room for air, more than the {total} of this case: they need a workstation or server chassis.</source>
            <translation type="vanished">{count} 块卡连同通风间隙要占 {needed} 个槽位，超过这种机箱的 {total} 个：需要工作站或服务器机箱。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>{count} open-air cards side by side blow hot air onto each other: leave a slot between them or choose blower cards.</source>
            <translation>{count} 块开放式散热显卡并排会互相吹热风：请隔开一个插槽，或选择涡轮散热卡。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>{engine} computes in FP16, which this card runs at 1/64 of its FP32 rate: expect far less than the predicted speed. llama.cpp is the engine for this card.</source>
            <translation>{engine} 用 FP16 计算，而这块卡的 FP16 速度只有 FP32 的 1/64：实际速度会远低于预测。这块卡请用 llama.cpp。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>{engine} does not run on {vendor} cards.</source>
            <translation>{engine} 不支持 {vendor} 显卡。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>{engine} has no kernels for this AMD chip ({chip}): it runs only the AMD cards on its own list.</source>
            <translation>{engine} 没有适用于这颗 AMD 芯片（{chip}）的内核：它只支持自己列表中的 AMD 显卡。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>{engine} needs an NVIDIA card of compute capability {floor} or newer; this one has {cc}.</source>
            <translation>{engine} 需要计算能力 {floor} 或更高的 NVIDIA 显卡；这块卡是 {cc}。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>{engine} runs on Linux only: on Windows, run it in WSL2.</source>
            <translation>{engine} 只能在 Linux 上运行：在 Windows 上请在 WSL2 中运行。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>{gpu} (compute capability {cc}) is below the {floor} that official TensorFlow {version} wheels support.</source>
            <translation>{gpu}（计算能力 {cc}）低于官方 TensorFlow {version} 支持的最低 {floor}。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>{gpu} has compute capability {cc}; TensorFlow from {route} needs {floor} or newer and cannot use this card.</source>
            <translation>{gpu} 的计算能力为 {cc}；通过{route}安装的 TensorFlow 需要 {floor} 或更高，无法使用这块卡。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>{gpu} is a Blackwell card (CC {cc}): official TensorFlow wheels have no kernels for it yet; expect the CPU.</source>
            <translation>{gpu} 是 Blackwell 架构（计算能力 {cc}）：官方 TensorFlow 尚无对应内核，将回退到 CPU。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>{gpu}: TensorFlow has no GPU build for Intel graphics; it runs on the CPU.</source>
            <translation>{gpu}：TensorFlow 没有适用于 Intel 显卡的 GPU 版本，将在 CPU 上运行。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>{gpu}: TensorFlow uses AMD GPUs only through tensorflow-rocm on Linux ({status}).</source>
            <translation>{gpu}：TensorFlow 仅能在 Linux 上通过 tensorflow-rocm 使用 AMD GPU（{status}）。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>{gpu}{times} fits, {price}, at {speed}× the speed.</source>
            <translation>{gpu}{times} 放得下，{price}，速度为 {speed}×。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>{gpu}{times} fits, {price}.</source>
            <translation>{gpu}{times} 可行，{price}。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>{job} ({share}% of the time): {relative}x one {gpu}'s speed.</source>
            <translation>{job}（占 {share}% 的时间）：速度是一块 {gpu} 的 {relative} 倍。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>{job} ({share}% of the time): {relative}x one {gpu}'s speed; one run about {hours} h and {cost} of electricity.</source>
            <translation>{job}（占 {share}% 的时间）：速度是一块 {gpu} 的 {relative} 倍；跑一次约 {hours} 小时，电费约 {cost}。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>{job} ({share}% of the time): {relative}x one {gpu}'s speed; one run about {hours} h.</source>
            <translation>{job}（占 {share}% 的时间）：速度是一块 {gpu} 的 {relative} 倍；跑一次约 {hours} 小时。</translation>
        </message>
        <message>
            <source>{job} ({share}% of the time): {relative}x the reference card's speed.</source>
            <translation type="vanished">{job}（占 {share}% 的时间）：速度是参考卡的 {relative} 倍。</translation>
        </message>
        <message>
            <source>{job} ({share}% of the time): {relative}x the reference card's speed; one run about {hours} h and {cost} of electricity.</source>
            <translation type="vanished">{job}（占 {share}% 的时间）：速度是参考卡的 {relative} 倍；跑一次约 {hours} 小时，电费约 {cost}。</translation>
        </message>
        <message>
            <source>{job} ({share}% of the time): {relative}x the reference card's speed; one run about {hours} h.</source>
            <translation type="vanished">{job}（占 {share}% 的时间）：速度是参考卡的 {relative} 倍；跑一次约 {hours} 小时。</translation>
        </message>
        <message>
            <source>{method} is a PyTorch method (a 4-bit NF4 base through bitsandbytes): no TensorFlow route has it. In Keras the nearest is LoRA on an int8 base (model.quantize("int8")).</source>
            <translation type="vanished">{method} 是 PyTorch 的方法（通过 bitsandbytes 使用 4 位 NF4 基座模型），任何 TensorFlow 途径都没有。Keras 中最接近的是在 int8 量化的基座模型上做 LoRA（model.quantize("int8")）。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>{method} is a PyTorch method (a 4-bit NF4 base through bitsandbytes, {pytorch_gb} GB): no TensorFlow route has it. Ranked for the nearest Keras method instead, LoRA on an int8 base (model.quantize("int8")), with its memory and speed.</source>
            <translation>{method} 是 PyTorch 的方法（通过 bitsandbytes 使用 4 位 NF4 基座模型，需 {pytorch_gb} GB），任何 TensorFlow 途径都没有。因此按 Keras 中最接近的方法排序：在 int8 量化的基座模型上做 LoRA（model.quantize("int8")），显存和速度都按它计算。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>{package} {version} is the CPU-only package: it never uses a GPU. Install 'tensorflow[and-cuda]' instead.</source>
            <translation>{package} {version} 是纯 CPU 版本，不会使用 GPU。请改装 'tensorflow[and-cuda]'。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>{risk}</source>
            <translation>{risk}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/finding_sentences.py" />
            <source>{total} is over the {budget} budget.</source>
            <translation>总价 {total} 超出预算 {budget}。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>{unlisted} of the top {top} cards have no price from {market} newer than {months} months: ask the shop for today's price before you buy.</source>
            <translation>前 {top} 款卡中有 {unlisted} 款没有{market}近 {months} 个月内的价格：购买前请向商家询问当前价格。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>{unlisted} of the top {top} cards have no price from {market} newer than {months} months: type the price you see over its total, and the plan uses it.</source>
            <translation>前 {top} 款卡中有 {unlisted} 款没有{market}近 {months} 个月内的价格：请在其总价处输入您看到的价格，方案会按它计算。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>{watts} W power supply, {price} ({date})</source>
            <translation>{watts} W 电源，{price}（{date}）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>≈ Converted: {listed} as listed in {market} ({source}, {date}), at {rate} CNY per USD ({fx_date}){tax}; not a price from {here}.</source>
            <translation>≈ 已换算：{market}标价 {listed}（{source}，{date}），按 1 美元兑 {rate} 元人民币（{fx_date}）换算{tax}；不是{here}的价格。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>≈ Converted: {listed} as listed in {market} ({source}, {date}){tax}; not a price from {here}.</source>
            <translation>≈ 已换算：{market}标价 {listed}（{source}，{date}）{tax}；不是{here}的价格。</translation>
        </message>
    </context>
    <context>
        <name>FleetReport</name>
        <message>
            <location filename="gpuplanner/report/fleet_export.py" />
            <source> (up to {link})</source>
            <translation>（最高 {link}）</translation>
        </message>
        <message>
            <location filename="gpuplanner/commands/fleet.py" />
            <source>; {n} file(s) could not be read:</source>
            <translation>；{n} 个文件无法读取：</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/fleet_export.py" />
            <source>Added throughput</source>
            <translation>增加的吞吐量</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/fleet_export.py" />
            <source>Best upgrade for each machine, each within {budget} {currency}</source>
            <translation>每台机器的最佳升级，每台预算 {budget} {currency}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/fleet_export.py" />
            <source>CUDA libraries missing</source>
            <translation>缺少 CUDA 库</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/fleet_export.py" />
            <source>Cards</source>
            <translation>数量</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/fleet_export.py" />
            <source>Currency</source>
            <translation>币种</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/fleet_export.py" />
            <source>File</source>
            <translation>文件</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/fleet_export.py" />
            <source>GPU memory (GB)</source>
            <translation>显存 (GB)</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/fleet_export.py" />
            <source>GPUs</source>
            <translation>显卡</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/fleet_export.py" />
            <source>Kind</source>
            <translation>类型</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/fleet_export.py" />
            <source>Lab upgrade plan</source>
            <translation>实验室升级方案</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/fleet_export.py" />
            <source>MIG is on: turn MIG off first (free: nvidia-smi -mig 0) and plan the whole card</source>
            <translation>MIG 已开启：先关闭 MIG（免费：nvidia-smi -mig 0），再按整块卡规划</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/fleet_export.py" />
            <source>Machine</source>
            <translation>机器</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/fleet_export.py" />
            <source>Machines</source>
            <translation>机器</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/fleet_export.py" />
            <source>Now</source>
            <translation>现有</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/fleet_export.py" />
            <source>PCIe links</source>
            <translation>PCIe 链路</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/fleet_export.py" />
            <source>PSU</source>
            <translation>电源</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/fleet_export.py" />
            <source>Plan</source>
            <translation>方案</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/fleet_export.py" />
            <source>Price</source>
            <translation>价格</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/fleet_export.py" />
            <source>Shelf</source>
            <translation>货架</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/fleet_export.py" />
            <source>Shop SKU</source>
            <translation>货号</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/fleet_export.py" />
            <source>Speed-up</source>
            <translation>速度倍数</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/fleet_export.py" />
            <source>Total: {cost} {currency}; added training throughput {gain} {unit}</source>
            <translation>合计：{cost} {currency}；增加的训练吞吐量 {gain} {unit}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/fleet_export.py" />
            <source>Upgrade to</source>
            <translation>升级为</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/fleet_export.py" />
            <source>Upgrades for the whole lab within {budget} {currency}</source>
            <translation>全实验室总预算 {budget} {currency} 内的升级</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/fleet_export.py" />
            <source>Warnings</source>
            <translation>警告</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/fleet_export.py" />
            <source>Why not</source>
            <translation>未升级原因</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/fleet_export.py" />
            <source>a cloud instance: choose a larger one instead of buying</source>
            <translation>云主机：请换更大的实例，而不是购买显卡</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/fleet_export.py" />
            <source>a laptop: its GPU cannot be changed</source>
            <translation>笔记本电脑：显卡无法更换</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/fleet_export.py" />
            <source>images/s</source>
            <translation>张/秒</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/fleet_export.py" />
            <source>its card runs without power cables: enter its supply to check what fits</source>
            <translation>现有显卡无需供电线：请填写电源后再判断能装什么</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/fleet_export.py" />
            <source>its cards run under a lowered power limit: lift it first (free: nvidia-smi -pl)</source>
            <translation>显卡被调低了功耗上限：先解除限制（免费：nvidia-smi -pl）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/fleet_export.py" />
            <source>macOS: no CUDA</source>
            <translation>macOS：不支持 CUDA</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/fleet_export.py" />
            <source>native Windows: no GPU after 2.10</source>
            <translation>原生 Windows：2.10 之后不支持 GPU</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/fleet_export.py" />
            <source>no card fits the budget and this machine</source>
            <translation>没有符合预算和本机条件的显卡</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/fleet_export.py" />
            <source>not installed</source>
            <translation>未安装</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/fleet_export.py" />
            <source>nothing faster than its current card fits</source>
            <translation>没有比现有显卡更快且合适的显卡</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/fleet_export.py" />
            <source>other machines gain more for the money</source>
            <translation>同样的钱用在其他机器上提升更大</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/fleet_export.py" />
            <source>ready for the GPU</source>
            <translation>可使用 GPU</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/fleet_export.py" />
            <source>runs on the CPU only</source>
            <translation>只能在 CPU 上运行</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/fleet_export.py" />
            <source>sequences/s</source>
            <translation>条序列/秒</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/fleet_export.py" />
            <source>the CPU-only package</source>
            <translation>仅 CPU 版安装包</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/fleet_export.py" />
            <source>tokens/s</source>
            <translation>词元/秒</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/fleet_export.py" />
            <source>unknown</source>
            <translation>未知</translation>
        </message>
        <message>
            <location filename="gpuplanner/commands/fleet.py" />
            <source>{n} machine(s)</source>
            <translation>{n} 台机器</translation>
        </message>
    </context>
    <context>
        <name>FleetWindow</name>
        <message>
            <location filename="gpuplanner/ui/fleet_window.py" />
            <source> per machine</source>
            <translation>（每台）</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/fleet_window.py" />
            <source>&amp;Budget:</source>
            <translation>预算(&amp;B)：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/fleet_window.py" />
            <source>&amp;Close</source>
            <translation>关闭(&amp;C)</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/fleet_window.py" />
            <source>&amp;Each machine (budget per machine)</source>
            <translation>逐台升级（每台的预算）(&amp;E)</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/fleet_window.py" />
            <source>&amp;Open folder…</source>
            <translation>打开文件夹(&amp;O)…</translation>
        </message>
        <message>
            <source>&amp;Plan</source>
            <translation type="vanished">生成方案(&amp;P)</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/fleet_window.py" />
            <source>&amp;Scenario:</source>
            <translation>场景(&amp;S)：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/fleet_window.py" />
            <source>&amp;Whole lab (one budget)</source>
            <translation>全实验室（一个总预算）(&amp;W)</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/fleet_window.py" />
            <source>CSV (*.csv)</source>
            <translation>CSV 表格 (*.csv)</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/fleet_window.py" />
            <source>Could not save: {why}</source>
            <translation>无法保存：{why}</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/fleet_window.py" />
            <source>Export &amp;CSV…</source>
            <translation>导出 CSV(&amp;C)…</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/fleet_window.py" />
            <source>Export P&amp;DF…</source>
            <translation>导出 PDF(&amp;D)…</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/fleet_window.py" />
            <source>Export the plan</source>
            <translation>导出方案</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/fleet_window.py" />
            <source>Folder of saved scans and nvidia-smi reports</source>
            <translation>保存的扫描结果和 nvidia-smi 报告所在的文件夹</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/fleet_window.py" />
            <source>LLM fine-tuning</source>
            <translation>大模型微调</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/fleet_window.py" />
            <source>Open a folder of saved scans (gpuplanner scan --save) and nvidia-smi -q -x reports, one file per machine.</source>
            <translation>打开一个文件夹，其中是保存的扫描结果（gpuplanner scan --save）和 nvidia-smi -q -x 报告，每台机器一个文件。</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/fleet_window.py" />
            <source>PDF (*.pdf)</source>
            <translation>PDF (*.pdf)</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/fleet_window.py" />
            <source>Reading {files} ...</source>
            <translation>正在读取 {files} ……</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/fleet_window.py" />
            <source>Saved {file}</source>
            <translation>已保存 {file}</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/fleet_window.py" />
            <source>Small firm or research group</source>
            <translation>小公司或课题组</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/fleet_window.py" />
            <source>Student or beginner</source>
            <translation>学生 / 入门者</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/fleet_window.py" />
            <source>Total: {total} {currency} of {budget}; added training throughput {gain} {unit}</source>
            <translation>合计：{total} {currency}（预算 {budget}）；增加的训练吞吐量 {gain} {unit}</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/fleet_window.py" />
            <source>gpuplanner – lab fleet</source>
            <translation>gpuplanner – 实验室机群</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/fleet_window.py" />
            <source>{file} (not a readable scan or nvidia-smi report)</source>
            <translation>{file}（不是可读取的扫描结果或 nvidia-smi 报告）</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/fleet_window.py" />
            <source>{n} file(s) could not be read: {problems}</source>
            <translation>{n} 个文件无法读取：{problems}</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/fleet_window.py" />
            <source>{n} machine(s) from {files}</source>
            <translation>{n} 台机器，来自 {files}</translation>
        </message>
    </context>
    <context>
        <name>Input</name>
        <message>
            <location filename="gpuplanner/report/input_text.py" />
            <source>A job of your own Keras model needs its file: give it with --keras-model FILE, or choose it with "Your own Keras model…" on the job page.</source>
            <translation>用您自己的 Keras 模型做任务需要它的文件：用 --keras-model FILE 给出，或在任务页面点“您自己的 Keras 模型…”选择。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/input_text.py" />
            <source>A job's share of the time must be a number above zero ({value}).</source>
            <translation>任务所占的时间份额必须是大于零的数（{value}）。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/input_text.py" />
            <source>A model's size must be above zero ({value} billion parameters).</source>
            <translation>模型规模必须大于零（{value} 十亿参数）。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/input_text.py" />
            <source>A power supply cannot have negative watts ({value} W): give its rating.</source>
            <translation>电源功率不能为负数（{value} W）：请填写电源的额定功率。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/input_text.py" />
            <source>A power supply of {value} W is more than any is rated (at most {limit} W): check the number.</source>
            <translation>{value} W 的电源超过了任何电源的额定功率（最多 {limit} W）：请检查这个数字。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/input_text.py" />
            <source>An 80 PLUS rating ({rating}) without the supply's watts sets nothing: give them with --psu-watts, or a scan that has them.</source>
            <translation>只有 80 PLUS 认证（{rating}）而没有电源的瓦数，什么也定不了：请用 --psu-watts 给出瓦数，或使用记有瓦数的扫描结果。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/input_text.py" />
            <source>Free slots cannot be negative ({value}): give how many are free, 0 or more.</source>
            <translation>空闲插槽数不能为负数（{value}）：请填写空闲的插槽数，0 或以上。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/input_text.py" />
            <source>Give every job of the mix a share of the time (bert-base:60) or every job its runs a month (bert-base:8/month), not some of each.</source>
            <translation>请给组合中的每个任务都填时间占比（bert-base:60），或者都填每月运行次数（bert-base:8/month），不要两种混用。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/input_text.py" />
            <source>The batch must be at least 1 ({value}).</source>
            <translation>批大小至少为 1（{value}）。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/input_text.py" />
            <source>The budget must be above zero ({value}): give what you can spend.</source>
            <translation>预算必须大于零（{value}）：请填写您能花的金额。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/input_text.py" />
            <source>The budget {value} is more than any plan here can spend (at most {limit}): check the number.</source>
            <translation>预算 {value} 超过了这里任何方案能花的钱（最多 {limit}）：请检查这个数字。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/input_text.py" />
            <source>The context must be at least 1 token ({value}).</source>
            <translation>上下文长度至少为 1 个 token（{value}）。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/input_text.py" />
            <source>The electricity price must be above zero ({value} per kWh).</source>
            <translation>电价必须大于零（每千瓦时 {value}）。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/input_text.py" />
            <source>The job {value} cannot be read: write it as NAME:SHARE, e.g. bert-base:60 or resnet50:8/month, with settings after a colon ({keys}).</source>
            <translation>无法读取任务 {value}：请写成 名称:占比，例如 bert-base:60 或 resnet50:8/month，冒号后可跟设置（{keys}）。</translation>
        </message>
        <message>
            <source>The job {value} cannot be read: write it as NAME:SHARE, e.g. bert-base:60, with settings after a colon ({keys}).</source>
            <translation type="vanished">看不懂任务 {value}：请写成 名称:份额，例如 bert-base:60；设置写在其后的冒号之后（{keys}）。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/input_text.py" />
            <source>The job {value} has a setting that cannot be read: use KEY=VALUE with {keys}, separated by commas.</source>
            <translation>任务 {value} 有一项设置看不懂：请用 键=值，键可以是 {keys}，多项之间用逗号隔开。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/input_text.py" />
            <source>The number of cards must be at least 1 ({value}).</source>
            <translation>显卡数量至少为 1（{value}）。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/input_text.py" />
            <source>The space for the card cannot be negative ({value} mm): give it in millimetres.</source>
            <translation>显卡安装空间不能为负数（{value} mm）：请以毫米填写。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/input_text.py" />
            <source>The supply cannot have a negative number of 12V-2x6 cables ({value}): give 0 or more.</source>
            <translation>电源的 12V-2x6 线数量不能为负数（{value}）：请填写 0 或以上。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/input_text.py" />
            <source>The supply cannot have a negative number of 8-pin PCIe cables ({value}): give 0 or more.</source>
            <translation>电源的 8-pin PCIe 线数量不能为负数（{value}）：请填写 0 或以上。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/input_text.py" />
            <source>There is no LLM method {value}: use {known}.</source>
            <translation>没有 {value} 这种大模型方法：请使用 {known}。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/input_text.py" />
            <source>There is no NVLink bridge answer {value}: use {known}.</source>
            <translation>NVLink 桥没有 {value} 这个选项：请用 {known}。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/input_text.py" />
            <source>There is no TensorFlow route {value}: use {known}.</source>
            <translation>没有 {value} 这种 TensorFlow 安装方式：请使用 {known}。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/input_text.py" />
            <source>There is no inference engine {value}: use {known}.</source>
            <translation>没有 {value} 这个推理引擎：请使用 {known}。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/input_text.py" />
            <source>There is no job called {value}: use {known}.</source>
            <translation>没有名为 {value} 的任务：请使用 {known}。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/input_text.py" />
            <source>There is no precision {value}: use {known}.</source>
            <translation>没有 {value} 这种精度：请使用 {known}。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/input_text.py" />
            <source>Weights of {value} bits are not planned: use {known} bits.</source>
            <translation>不支持 {value} 位权重：请使用 {known} 位。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/input_text.py" />
            <source>{value} cannot be the price of one {card}: its known prices make {low} to {high} the range taken. Check the amount (a cut thousands separator, a missing digit).</source>
            <translation>{value} 不可能是一块 {card} 的价格：按这块卡已知的价格，可接受的范围是 {low} 到 {high}。请检查金额（是否千位分隔符把数字截断了，或少输了一位）。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/input_text.py" />
            <source>{value} has no run of a known length (an LLM job is planned by its tokens a second, your own model by its samples a second): give the mix shares of the time, not runs a month.</source>
            <translation>{value} 没有固定长度的一次运行（大语言模型任务按每秒词元数规划，您自己的模型按每秒样本数规划）：请给组合填时间占比，而不是每月运行次数。</translation>
        </message>
        <message>
            <source>{value} is an LLM job, planned by its tokens a second: give it a share of the time, not runs a month.</source>
            <translation type="vanished">{value} 是大语言模型任务，按每秒词元数规划：请给它填时间占比，而不是每月运行次数。</translation>
        </message>
    </context>
    <context>
        <name>JobMixList</name>
        <message>
            <location filename="gpuplanner/ui/job_mix_list.py" />
            <source> / month</source>
            <translation> 次/月</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/job_mix_list.py" />
            <source>Count b&amp;y runs a month</source>
            <translation>按每月运行次数计(&amp;Y)</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/job_mix_list.py" />
            <source>Job</source>
            <translation>任务</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/job_mix_list.py" />
            <source>Mi&amp;x in a job</source>
            <translation>加入一个任务(&amp;X)</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/job_mix_list.py" />
            <source>Remo&amp;ve the job</source>
            <translation>删除任务(&amp;V)</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/job_mix_list.py" />
            <source>Runs a month</source>
            <translation>每月运行次数</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/job_mix_list.py" />
            <source>Several jobs sharing the machine: each with how often it runs a month. Every job must fit; each option then gives the month's hours and electricity.</source>
            <translation>几个任务共用这台机器：每个任务填每月运行几次。每个任务都必须放得下；每个方案会给出一个月所需的时长和电费。</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/job_mix_list.py" />
            <source>Several jobs sharing the machine: each with its share of the time. Every job must fit; leave the list empty to plan the one job on the left.</source>
            <translation>几个任务共用这台机器：每个任务占一部分时间。每个任务都必须放得下；列表留空则只按左边那一个任务来规划。</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/job_mix_list.py" />
            <source>Share of the time</source>
            <translation>时间占比</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/job_mix_list.py" />
            <source>The scenario's &amp;usual jobs</source>
            <translation>该场景的常见任务(&amp;U)</translation>
        </message>
    </context>
    <context>
        <name>Kind</name>
        <message>
            <location filename="gpuplanner/report/kind_text.py" />
            <source>; </source>
            <translation>；</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/kind_text.py" />
            <source>a PCIe card on a physical slot: {name}</source>
            <translation>插在实体 PCIe 插槽上的显卡：{name}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/kind_text.py" />
            <source>a cloud virtual machine</source>
            <translation>云虚拟机</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/kind_text.py" />
            <source>a desktop</source>
            <translation>台式机</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/kind_text.py" />
            <source>a desktop PC</source>
            <translation>台式机</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/kind_text.py" />
            <source>a laptop</source>
            <translation>笔记本电脑</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/kind_text.py" />
            <source>a laptop GPU: {name}</source>
            <translation>笔记本显卡：{name}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/kind_text.py" />
            <source>a mini PC</source>
            <translation>迷你主机</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/kind_text.py" />
            <source>a server</source>
            <translation>服务器</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/kind_text.py" />
            <source>a small PC</source>
            <translation>小型主机</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/kind_text.py" />
            <source>a vGPU guest (a share of a GPU)</source>
            <translation>vGPU 虚拟机（分到一块 GPU 的一部分）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/kind_text.py" />
            <source>a vGPU profile: {name}</source>
            <translation>vGPU 配置：{name}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/kind_text.py" />
            <source>a virtual machine (no GPU passed through to it)</source>
            <translation>虚拟机（没有直通的 GPU）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/kind_text.py" />
            <source>a virtual machine with its GPU passed through</source>
            <translation>虚拟机（GPU 直通）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/kind_text.py" />
            <source>a workstation</source>
            <translation>工作站</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/kind_text.py" />
            <source>a workstation CPU: {cpu}</source>
            <translation>工作站级 CPU：{cpu}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/kind_text.py" />
            <source>it has a battery</source>
            <translation>有电池</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/kind_text.py" />
            <source>it runs under {name}</source>
            <translation>运行在 {name} 之上</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/kind_text.py" />
            <source>not known from what it says</source>
            <translation>从现有信息无法判断</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/kind_text.py" />
            <source>the CPU says it runs under a hypervisor</source>
            <translation>CPU 表明它运行在虚拟化平台之上</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/kind_text.py" />
            <source>the GPU is on bus {bus}, where hypervisors put theirs</source>
            <translation>GPU 位于总线 {bus}，这是虚拟化平台放置直通设备的位置</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/kind_text.py" />
            <source>the driver runs {name} as a vGPU</source>
            <translation>驱动以 vGPU 方式运行 {name}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/kind_text.py" />
            <source>the firmware calls it {chassis}</source>
            <translation>固件标明它是{chassis}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/kind_text.py" />
            <source>{count} GPUs</source>
            <translation>{count} 块 GPU</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/kind_text.py" />
            <source>{kind} ({why})</source>
            <translation>{kind}（{why}）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/kind_text.py" />
            <source>{name} is a cloud's hypervisor</source>
            <translation>{name} 是云厂商的虚拟化平台</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/kind_text.py" />
            <source>{name} is a data-centre card</source>
            <translation>{name} 是数据中心计算卡</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/kind_text.py" />
            <source>{name} is an SXM module, not a PCIe card</source>
            <translation>{name} 是 SXM 模组，不是 PCIe 显卡</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/kind_text.py" />
            <source>{name} is cooled by the chassis' fans</source>
            <translation>{name} 靠机箱风扇散热（被动散热）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/kind_text.py" />
            <source>{name} is passed through to a virtual machine</source>
            <translation>{name} 直通给了虚拟机</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/kind_text.py" />
            <source>{name} is sold only inside a cloud</source>
            <translation>{name} 只在云上提供</translation>
        </message>
    </context>
    <context>
        <name>KioskApp</name>
        <message>
            <location filename="gpuplanner/ui/kiosk_app.py" />
            <source>Kiosk mode was not started:</source>
            <translation>未启动自助终端模式：</translation>
        </message>
    </context>
    <context>
        <name>KioskWindow</name>
        <message>
            <location filename="gpuplanner/ui/kiosk.py" />
            <source>Are you still there? Starting over in {seconds} s.</source>
            <translation>您还在吗？{seconds} 秒后将重新开始。</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/kiosk.py" />
            <source>Continue</source>
            <translation>继续</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/kiosk.py" />
            <source>Staff</source>
            <translation>店员</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/kiosk.py" />
            <source>Staff (PIN)</source>
            <translation>店员（需 PIN）</translation>
        </message>
    </context>
    <context>
        <name>MainWindow</name>
        <message>
            <location filename="gpuplanner/ui/main_window.py" />
            <source>&amp;Language:</source>
            <translation>语言(&amp;L)：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/main_window.py" />
            <source>&amp;Market:</source>
            <translation>购买市场(&amp;M)：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/main_window.py" />
            <source>&amp;Next &gt;</source>
            <translation>下一步(&amp;N) &gt;</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/main_window.py" />
            <source>&lt; &amp;Back</source>
            <translation>&lt; 上一步(&amp;B)</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/main_window.py" />
            <source>C&amp;urrency:</source>
            <translation>货币(&amp;U)：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/main_window.py" />
            <source>China</source>
            <translation>中国</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/main_window.py" />
            <source>Currency</source>
            <translation>货币</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/main_window.py" />
            <source>Lab &amp;fleet…</source>
            <translation>实验室机群(&amp;F)…</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/main_window.py" />
            <source>Language</source>
            <translation>语言</translation>
        </message>
        <message>
            <source>Mar&amp;ket:</source>
            <translation type="vanished">购买市场(&amp;K)：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/main_window.py" />
            <source>Market</source>
            <translation>购买市场</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/main_window.py" />
            <source>Plan upgrades for many machines from their saved scans and nvidia-smi reports</source>
            <translation>根据多台机器保存的扫描结果和 nvidia-smi 报告规划升级</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/main_window.py" />
            <source>Planning for the {market} market, because the command line asked for prices in {given}. Choose another market above if you buy elsewhere.</source>
            <translation>按{market}市场做方案，因为命令行要求以 {given} 显示价格。如果您在别处购买，请在上方选择其他市场。</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/main_window.py" />
            <source>Planning for the {market} market, because the command line asked for {given}. Choose another market above if you buy elsewhere.</source>
            <translation>按{market}市场做方案，因为命令行指定的界面语言是{given}。如果您在别处购买，请在上方选择其他市场。</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/main_window.py" />
            <source>Step {step} of {steps}</source>
            <translation>第 {step} 步，共 {steps} 步</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/main_window.py" />
            <source>United States</source>
            <translation>美国</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/main_window.py" />
            <source>Where you buy: the prices, the wall socket and the electricity price are that market's. The currency only changes how money is shown.</source>
            <translation>您在哪里购买：价格、墙插规格和电价都按该市场计算。货币只改变金额的显示方式。</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/main_window.py" />
            <source>gpuplanner – choose a GPU for TensorFlow</source>
            <translation>gpuplanner – TensorFlow GPU 选购助手</translation>
        </message>
    </context>
    <context>
        <name>Memory</name>
        <message>
            <location filename="gpuplanner/report/memory_text.py" />
            <source>2 × {layers} layers × {kv_heads} KV heads × {head_dim} × sequence {seq} × batch {batch} × 2 B</source>
            <translation>2 × {layers} 层 × {kv_heads} 个 KV 头 × {head_dim} × 序列长度 {seq} × 批大小 {batch} × 2 B</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/memory_text.py" />
            <source>2·s·b·h B per layer (checkpointed layer inputs) × {layers} layers, sequence {seq}, batch {batch}</source>
            <translation>每层 2·s·b·h B（检查点保存的层输入）× {layers} 层，序列长度 {seq}，批大小 {batch}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/memory_text.py" />
            <source>4 × batch × sequence × hidden × 2 B (working buffers)</source>
            <translation>4 × 批大小 × 序列长度 × 隐藏维度 × 2 B（工作缓冲区）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/memory_text.py" />
            <source>Adam</source>
            <translation>Adam</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/memory_text.py" />
            <source>AdamW</source>
            <translation>AdamW</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/memory_text.py" />
            <source>FP16 weight copies</source>
            <translation>FP16 权重副本</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/memory_text.py" />
            <source>KV cache</source>
            <translation>KV 缓存</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/memory_text.py" />
            <source>LoRA adapters</source>
            <translation>LoRA 适配器</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/memory_text.py" />
            <source>SGD with momentum</source>
            <translation>带动量的 SGD</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/memory_text.py" />
            <source>activations</source>
            <translation>激活值</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/memory_text.py" />
            <source>batch × sequence × vocabulary {vocab} × 4 B</source>
            <translation>批大小 × 序列长度 × 词表 {vocab} × 4 B</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/memory_text.py" />
            <source>frozen base weights</source>
            <translation>冻结的基础权重</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/memory_text.py" />
            <source>gradients</source>
            <translation>梯度</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/memory_text.py" />
            <source>grouped-query attention: {kv_heads} KV heads for {heads} query heads</source>
            <translation>分组查询注意力：{heads} 个查询头共用 {kv_heads} 个 KV 头</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/memory_text.py" />
            <source>logits</source>
            <translation>logits（输出分数）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/memory_text.py" />
            <source>mixture of experts: all {total_b}B parameters in memory, {active_b}B work on each token</source>
            <translation>混合专家模型：全部 {total_b}B 参数都要放进显存，每个 token 只用到 {active_b}B</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/memory_text.py" />
            <source>one layer's whole activations while it is recomputed: s·b·h·(160 + 6.5·a·s/h) B in FP32, halved in mixed precision, {heads} heads, sequence {seq}, batch {batch} (TensorFlow keeps attention's scores)</source>
            <translation>正在重算的那一层的全部激活值：s·b·h·(160 + 6.5·a·s/h) B（FP32），混合精度减半，{heads} 个注意力头，序列长度 {seq}，批大小 {batch}（TensorFlow 会保留整个注意力分数矩阵）</translation>
        </message>
        <message>
            <source>one layer's whole activations while it is recomputed: s·b·h·160 B in FP32, halved in mixed precision (Keras 3's flash attention on JAX or PyTorch keeps no scores), sequence {seq}, batch {batch}</source>
            <translation type="vanished">正在重算的那一层的全部激活值：s·b·h·160 B（FP32），混合精度减半（Keras 3 在 JAX 或 PyTorch 上用 flash attention，不保留分数矩阵），序列长度 {seq}，批大小 {batch}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/memory_text.py" />
            <source>one layer's whole activations while it is recomputed: s·b·h·34 B (PyTorch's fused attention keeps no scores), sequence {seq}, batch {batch}</source>
            <translation>正在重算的那一层的全部激活值：s·b·h·34 B（PyTorch 的融合注意力不保留分数矩阵），序列长度 {seq}，批大小 {batch}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/memory_text.py" />
            <source>optimizer state</source>
            <translation>优化器状态</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/memory_text.py" />
            <source>overhead</source>
            <translation>额外开销</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/memory_text.py" />
            <source>parameters × 1 B (frozen, int8 with a scale per channel: Keras quantize)</source>
            <translation>参数量 × 1 B（冻结，int8，每个通道一个缩放系数：Keras quantize）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/memory_text.py" />
            <source>parameters × 12 B (FP32 master weights + Adam m and v)</source>
            <translation>参数量 × 12 B（FP32 主权重 + Adam 的 m 和 v）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/memory_text.py" />
            <source>parameters × 2 B (FP16/BF16 compute copy)</source>
            <translation>参数量 × 2 B（FP16/BF16 计算副本）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/memory_text.py" />
            <source>parameters × 2 B (casts for FP16 compute)</source>
            <translation>参数量 × 2 B（FP16 计算用的副本）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/memory_text.py" />
            <source>parameters × 2 B (frozen, FP16)</source>
            <translation>参数量 × 2 B（冻结，FP16）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/memory_text.py" />
            <source>parameters × 4 B (FP32 variables)</source>
            <translation>参数量 × 4 B（FP32 变量）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/memory_text.py" />
            <source>parameters × {bytes} B</source>
            <translation>参数量 × {bytes} B</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/memory_text.py" />
            <source>parameters × {bytes} B (clipped gradients and optimizer update temporaries)</source>
            <translation>参数量 × {bytes} B（梯度裁剪后的副本与优化器更新时的临时张量）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/memory_text.py" />
            <source>parameters × {bytes} B ({bits}-bit weights as {format})</source>
            <translation>参数量 × {bytes} B（{bits} 位权重，{format} 格式）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/memory_text.py" />
            <source>parameters × {bytes} B ({bits}-bit weights)</source>
            <translation>参数量 × {bytes} B（{bits} 位权重）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/memory_text.py" />
            <source>parameters × {bytes} B ({optimizer})</source>
            <translation>参数量 × {bytes} B（{optimizer}）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/memory_text.py" />
            <source>parameters × ~0.52 B (frozen, 4-bit NF4 + quantisation constants)</source>
            <translation>参数量 × 约 0.52 B（冻结，4 位 NF4 + 量化常数）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/memory_text.py" />
            <source>plain SGD</source>
            <translation>普通 SGD</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/memory_text.py" />
            <source>recomputed layer</source>
            <translation>重算层</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/memory_text.py" />
            <source>s·b·h·(34 + 5·a·s/h) B per layer × {layers} layers, sequence {seq}, batch {batch}</source>
            <translation>每层 s·b·h·(34 + 5·a·s/h) B × {layers} 层，序列长度 {seq}，批大小 {batch}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/memory_text.py" />
            <source>s·h·(160 + 6.5·a·s/h) B per layer in FP32 (Keras, calibrated; half in mixed precision) × {layers} layers × batch {batch}</source>
            <translation>每层 s·h·(160 + 6.5·a·s/h) B（FP32，按 Keras 实测校准；混合精度减半）× {layers} 层 × 批大小 {batch}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/memory_text.py" />
            <source>update temporaries</source>
            <translation>更新时的临时张量</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/memory_text.py" />
            <source>weights</source>
            <translation>权重</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/memory_text.py" />
            <source>without gradient checkpointing; turning it on saves most of the activation memory</source>
            <translation>未开启梯度检查点；开启后可省下大部分激活值显存</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/memory_text.py" />
            <source>{chunk} tokens × (vocabulary + heads × sequence) × 4 B ({engine}'s compute buffer)</source>
            <translation>{chunk} 个词元 × (词表大小 + 注意力头数 × 序列长度) × 4 B（{engine} 的计算缓冲区）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/memory_text.py" />
            <source>{chunk} tokens × vocabulary × 4 B ({engine}'s logits; fused attention)</source>
            <translation>{chunk} 个词元 × 词表大小 × 4 B（{engine} 的 logits；融合注意力）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/memory_text.py" />
            <source>{context_gb} GB CUDA context + {fragmentation_pct}% allocator fragmentation</source>
            <translation>{context_gb} GB CUDA 上下文 + {fragmentation_pct}% 显存分配碎片</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/memory_text.py" />
            <source>{mb} MB per sample at 224×224 in FP32 × (size/224)² × batch {batch}</source>
            <translation>每个样本 {mb} MB（224×224，FP32）× (尺寸/224)² × 批大小 {batch}</translation>
        </message>
        <message>
            <source>{millions}M LoRA parameters (rank {rank} on q, k, v, o) × 16 B (weights, gradients, Adam)</source>
            <translation type="vanished">{millions}M 个 LoRA 参数（q、k、v、o 上秩为 {rank}）× 16 B（权重、梯度、Adam）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/memory_text.py" />
            <source>{millions}M LoRA parameters (rank {rank} on q, k, v, o) × {bytes} B (weights, gradients, optimizer state, update temporaries)</source>
            <translation>{millions}M 个 LoRA 参数（q、k、v、o 上秩为 {rank}）× {bytes} B（权重、梯度、优化器状态、更新临时量）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/memory_text.py" />
            <source>{pct}% of the parameters are trained</source>
            <translation>只训练 {pct}% 的参数</translation>
        </message>
    </context>
    <context>
        <name>Model</name>
        <message>
            <location filename="gpuplanner/report/model_text.py" />
            <source>Activation memory per sample</source>
            <translation>每个样本的激活显存</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/model_text.py" />
            <source>FLOPs per sample</source>
            <translation>每个样本的计算量（FLOPs）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/model_text.py" />
            <source>Input shape</source>
            <translation>输入形状</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/model_text.py" />
            <source>Keras cannot read {file}: {detail}</source>
            <translation>Keras 无法读取 {file}：{detail}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/model_text.py" />
            <source>Parameters</source>
            <translation>参数量</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/model_text.py" />
            <source>This Python has TensorFlow but no Keras: pip install keras, or name another Python (--python).</source>
            <translation>这个 Python 有 TensorFlow 但没有 Keras：请 pip install keras，或指定另一个 Python（--python）。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/model_text.py" />
            <source>{all} ({trainable} trainable, {frozen} not)</source>
            <translation>{all}（可训练 {trainable}，不可训练 {frozen}）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/model_text.py" />
            <source>{file} could not be read: {detail}</source>
            <translation>无法读取 {file}：{detail}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/model_text.py" />
            <source>{file} does not exist.</source>
            <translation>{file} 不存在。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/model_text.py" />
            <source>{file} holds Python code (a Lambda layer), which Keras's safe mode does not run: replace the Lambda layer with a built-in or registered layer and save the model again.</source>
            <translation>{file} 含有 Python 代码（Lambda 层），Keras 的安全模式不会运行它：请用内置层或已注册的层替换 Lambda 层，然后重新保存模型。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/model_text.py" />
            <source>{file} is a folder without a SavedModel (saved_model.pb): name the .keras file, or the SavedModel's folder.</source>
            <translation>{file} 是文件夹，里面没有 SavedModel（saved_model.pb）：请指定 .keras 文件，或 SavedModel 的文件夹。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/model_text.py" />
            <source>{file} is damaged or cut short: its archive cannot be read. Save it again.</source>
            <translation>{file} 已损坏或不完整：无法读取其压缩包。请重新保存。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/model_text.py" />
            <source>{file} is not a .keras file (a zip archive with the model's config.json): save the model with model.save("model.keras").</source>
            <translation>{file} 不是 .keras 文件（含模型 config.json 的 zip 压缩包）：请用 model.save("model.keras") 保存模型。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/model_text.py" />
            <source>{file} is {gb} GB: model-info reads files under 2 GB. Plan a model this large with a preset or by its parameters (vram --params).</source>
            <translation>{file} 有 {gb} GB：model-info 只读取 2 GB 以下的文件。这么大的模型请用预设或按参数量（vram --params）规划。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/model_text.py" />
            <source>{file} says it unpacks to {gb} GB from {mb} MB: refused as a zip bomb.</source>
            <translation>{file} 声称从 {mb} MB 解压为 {gb} GB：作为压缩炸弹拒绝读取。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/model_text.py" />
            <source>{file} uses a custom layer or object this Python's Keras does not know: name the Python that has it (--python), with the class registered by @keras.saving.register_keras_serializable.</source>
            <translation>{file} 使用了这个 Python 的 Keras 不认识的自定义层或对象：请指定包含它的 Python（--python），并用 @keras.saving.register_keras_serializable 注册该类。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/model_text.py" />
            <source>{file} was saved by another Keras version than this Python's: name the Python that saved it (--python).</source>
            <translation>{file} 由与这个 Python 不同的 Keras 版本保存：请指定保存它的那个 Python（--python）。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/model_text.py" />
            <source>{file}'s input leaves a size open ({detail}): save the model with a fixed input shape (keras.Input(shape=...)) so its work per sample can be counted.</source>
            <translation>{file} 的输入有未定的尺寸（{detail}）：请用固定的输入形状（keras.Input(shape=...)）保存模型，以便计算每个样本的计算量。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/model_text.py" />
            <source>{forward} GFLOP forward, {backward} GFLOP backward</source>
            <translation>前向 {forward} GFLOP，反向 {backward} GFLOP</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/model_text.py" />
            <source>{mb} MB in FP32</source>
            <translation>FP32 下 {mb} MB</translation>
        </message>
    </context>
    <context>
        <name>OwnModelBox</name>
        <message>
            <location filename="gpuplanner/ui/own_model_box.py" />
            <source>A .keras file…</source>
            <translation>.keras 文件…</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/own_model_box.py" />
            <source>A SavedModel's folder</source>
            <translation>SavedModel 文件夹</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/own_model_box.py" />
            <source>A SavedModel's folder…</source>
            <translation>SavedModel 文件夹…</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/own_model_box.py" />
            <source>Keras models (*.keras)</source>
            <translation>Keras 模型 (*.keras)</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/own_model_box.py" />
            <source>Plan for a model of your own: a .keras file or a SavedModel's folder, read with Keras's safe mode in a separate Python</source>
            <translation>为您自己的模型做规划：选择一个 .keras 文件或 SavedModel 文件夹，它会在单独的 Python 进程中以 Keras 安全模式读取</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/own_model_box.py" />
            <source>Planned as the job: {file}</source>
            <translation>已作为任务规划：{file}</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/own_model_box.py" />
            <source>Reading {file} with TensorFlow…</source>
            <translation>正在用 TensorFlow 读取 {file}…</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/own_model_box.py" />
            <source>Your own Keras model</source>
            <translation>您自己的 Keras 模型</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/own_model_box.py" />
            <source>Your own Keras model: {file}</source>
            <translation>您自己的 Keras 模型：{file}</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/own_model_box.py" />
            <source>Your own Keras model…</source>
            <translation>您自己的 Keras 模型…</translation>
        </message>
    </context>
    <context>
        <name>PinDialog</name>
        <message>
            <location filename="gpuplanner/ui/pin_dialog.py" />
            <source>Staff</source>
            <translation>店员</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pin_dialog.py" />
            <source>Staff PIN</source>
            <translation>店员 PIN</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pin_dialog.py" />
            <source>Staff PIN:</source>
            <translation>店员 PIN：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pin_dialog.py" />
            <source>Wrong PIN. Try again in {seconds} s.</source>
            <translation>PIN 错误，请 {seconds} 秒后再试。</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pin_dialog.py" />
            <source>Wrong PIN. Try again.</source>
            <translation>PIN 错误，请再试一次。</translation>
        </message>
    </context>
    <context>
        <name>PricePackDialog</name>
        <message>
            <location filename="gpuplanner/ui/price_pack_dialog.py" />
            <source>After</source>
            <translation>之后</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/price_pack_dialog.py" />
            <source>Before</source>
            <translation>之前</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/price_pack_dialog.py" />
            <source>Card</source>
            <translation>显卡</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/price_pack_dialog.py" />
            <source>Change</source>
            <translation>变化</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/price_pack_dialog.py" />
            <source>Condition</source>
            <translation>成色</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/price_pack_dialog.py" />
            <source>Import</source>
            <translation>导入</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/price_pack_dialog.py" />
            <source>Import prices</source>
            <translation>导入价格</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/price_pack_dialog.py" />
            <source>Problem</source>
            <translation>问题</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/price_pack_dialog.py" />
            <source>Region</source>
            <translation>地区</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/price_pack_dialog.py" />
            <source>{file} has problems; nothing will be imported:</source>
            <translation>{file} 有问题，不会导入任何内容：</translation>
        </message>
    </context>
    <context>
        <name>ProbePage</name>
        <message>
            <location filename="gpuplanner/ui/pages/probe_page.py" />
            <source>&amp;Cancel</source>
            <translation>取消(&amp;C)</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/probe_page.py" />
            <source>&amp;Start the probe</source>
            <translation>开始测速(&amp;S)</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/probe_page.py" />
            <source>A quick probe (under a minute) measures this computer's TensorFlow in a separate process. It is optional: skip it with Next.</source>
            <translation>快速测速（不到一分钟）会在独立进程中测量本机 TensorFlow 的实际性能。此步可选：点“下一步”跳过。</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/probe_page.py" />
            <source>All-reduce</source>
            <translation>多卡聚合通信</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/probe_page.py" />
            <source>Bro&amp;wse…</source>
            <translation>浏览(&amp;W)…</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/probe_page.py" />
            <source>Cancelled after {seconds} s; nothing was measured after that.</source>
            <translation>{seconds} 秒后已取消，之后没有再测量。</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/probe_page.py" />
            <source>Cancelled after {seconds} s; the earlier result is kept.</source>
            <translation>已在 {seconds} 秒后取消；保留之前的结果。</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/probe_page.py" />
            <source>Checking the installation</source>
            <translation>检查安装</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/probe_page.py" />
            <source>Finished in {seconds} s.</source>
            <translation>用时 {seconds} 秒完成。</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/probe_view.py" />
            <source>GPU memory</source>
            <translation>显存</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/probe_view.py" />
            <source>GPU to memory</source>
            <translation>显卡到内存</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/probe_view.py" />
            <source>Host memory (RAM)</source>
            <translation>内存（主机 RAM）</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/probe_page.py" />
            <source>Host-device copies</source>
            <translation>主机与显卡间传输</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/probe_page.py" />
            <source>How fast is TensorFlow here?</source>
            <translation>TensorFlow 在本机有多快？</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/probe_page.py" />
            <source>Input pipeline</source>
            <translation>数据输入管线</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/probe_page.py" />
            <source>Loading TensorFlow</source>
            <translation>加载 TensorFlow</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/probe_page.py" />
            <source>Loading TensorFlow in a separate process…</source>
            <translation>正在独立进程中加载 TensorFlow…</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/probe_page.py" />
            <source>Matrix multiply</source>
            <translation>矩阵乘法</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/probe_page.py" />
            <source>Measured rate as a share of the catalog peak</source>
            <translation>实测速度占标称峰值的比例</translation>
        </message>
        <message>
            <source>Memory</source>
            <translation type="vanished">显存</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/probe_page.py" />
            <source>Memory bandwidth</source>
            <translation>显存带宽</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/probe_page.py" />
            <source>Not run yet.</source>
            <translation>尚未运行。</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/probe_page.py" />
            <source>P&amp;ython:</source>
            <translation>P&amp;ython：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/probe_page.py" />
            <source>Probe progress</source>
            <translation>测速进度</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/probe_page.py" />
            <source>Problem in step {step}: {detail}</source>
            <translation>步骤 {step} 出现问题：{detail}</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/probe_page.py" />
            <source>Stopped after {seconds} s (time limit); the earlier result is kept.</source>
            <translation>已在 {seconds} 秒后停止（超出时间限制）；保留之前的结果。</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/probe_page.py" />
            <source>Stopped after {seconds} s: the probe took longer than its time limit.</source>
            <translation>{seconds} 秒后已停止：测试超过了时间上限。</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/probe_view.py" />
            <source>TensorFlow is not installed in that Python (pip install tensorflow)</source>
            <translation>该 Python 中没有安装 TensorFlow（pip install tensorflow）</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/probe_page.py" />
            <source>TensorFlow runs on the CPU here: {tflops} TFLOPS in FP32 matrix multiply.</source>
            <translation>本机 TensorFlow 在 CPU 上运行：FP32 矩阵乘法 {tflops} TFLOPS。</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/probe_page.py" />
            <source>The Python you train with</source>
            <translation>您训练时使用的 Python</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/probe_page.py" />
            <source>The new run failed after {seconds} s; the earlier result is kept.</source>
            <translation>新一次测速在 {seconds} 秒后失败；保留之前的结果。</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/probe_page.py" />
            <source>The plan is for the machine recorded in {file}, which this probe cannot reach: it would measure the computer gpuplanner runs on, and that machine's plan does not use its result. Skip it with Next.</source>
            <translation>方案针对的是 {file} 中记录的那台机器，测速无法测到它：测速只会测量运行 gpuplanner 的这台电脑，那台机器的方案不会使用其结果。请按“下一步”跳过。</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/probe_page.py" />
            <source>The probe stopped: {why}</source>
            <translation>测速已停止：{why}</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/probe_page.py" />
            <source>Training steps</source>
            <translation>训练步骤</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/probe_page.py" />
            <source>Your CPU can feed about {images} images/s.</source>
            <translation>您的 CPU 每秒约能提供 {images} 张图片。</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/probe_page.py" />
            <source>Your {card} reaches {percent}% of its {peak} peak.</source>
            <translation>您的 {card} 达到其 {peak} 峰值的 {percent}%。</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/probe_view.py" />
            <source>a small CNN</source>
            <translation>小型 CNN</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/probe_view.py" />
            <source>a small Transformer</source>
            <translation>小型 Transformer</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/probe_view.py" />
            <source>decoding and augmenting JPEG images</source>
            <translation>解码并增强 JPEG 图片</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/probe_view.py" />
            <source>importing the library</source>
            <translation>导入库</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/probe_view.py" />
            <source>it took longer than its time limit</source>
            <translation>用时超过了时间上限</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/probe_view.py" />
            <source>memory to GPU</source>
            <translation>内存到显卡</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/probe_view.py" />
            <source>mixed precision</source>
            <translation>混合精度</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/probe_page.py" />
            <source>peak</source>
            <translation>峰值</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/probe_page.py" />
            <source>required: this build has no TensorFlow; name a Python that has it</source>
            <translation>必填：此版本不含 TensorFlow，请指定一个装有 TensorFlow 的 Python</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/probe_view.py" />
            <source>starting</source>
            <translation>开始</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/probe_view.py" />
            <source>that Python could not start the probe</source>
            <translation>该 Python 无法启动测速</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/probe_view.py" />
            <source>the measuring process crashed</source>
            <translation>测速进程崩溃了</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/probe_view.py" />
            <source>the probe failed</source>
            <translation>测速失败</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/probe_view.py" />
            <source>the probe worker is from another version</source>
            <translation>测速进程来自另一个版本</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/probe_page.py" />
            <source>this app's own Python (or name the one you train with)</source>
            <translation>本程序自带的 Python（或指定您训练时使用的 Python）</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/probe_view.py" />
            <source>you cancelled it</source>
            <translation>您取消了测速</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/probe_view.py" />
            <source>{model}, {precision}</source>
            <translation>{model}，{precision}</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/probe_view.py" />
            <source>{n} GPUs</source>
            <translation>{n} 块显卡</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/probe_page.py" />
            <source>{step}: {detail}</source>
            <translation>{step}：{detail}</translation>
        </message>
    </context>
    <context>
        <name>QFileDialog</name>
        <message>
            <location filename="gpuplanner/ui/translator.py" />
            <source>&amp;Look in:</source>
            <translation>查找范围(&amp;L)：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/translator.py" />
            <source>Files of &amp;type:</source>
            <translation>文件类型(&amp;T)：</translation>
        </message>
    </context>
    <context>
        <name>Report</name>
        <message>
            <location filename="gpuplanner/report/readings_text.py" />
            <source>    LOST: the GPU stopped answering during the scan</source>
            <translation>    已失联：检测过程中这块 GPU 停止了响应</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/readings_text.py" />
            <source>    power {now} now, limit {limit} (max {max}); {temperature}; fan {fan}</source>
            <translation>    当前功耗 {now}，上限 {limit}（最高 {max}）；{temperature}；风扇 {fan}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/readings_text.py" />
            <source>  CPU: {power}; {rapl}</source>
            <translation>  处理器：{power}；{rapl}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/readings_text.py" />
            <source>  GPU {index}{catalog} [{bus}]: driver {driver}; CUDA {cuda}; compute capability {cc}; PCIe {link}</source>
            <translation>  GPU {index}{catalog} [{bus}]：驱动 {driver}；CUDA {cuda}；计算能力 {cc}；PCIe {link}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/readings_text.py" />
            <source>  Memory: {gb} free</source>
            <translation>  内存：可用 {gb}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/readings_text.py" />
            <source>  TensorFlow: {python}; verdict {verdict}</source>
            <translation>  TensorFlow：{python}；结论 {verdict}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/readings_text.py" />
            <source>  {device} ({source}): output {output}</source>
            <translation>  {device}（{source}）：输出 {output}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/readings_text.py" />
            <source>  {device} ({source}): output {output}, input {input} (estimated)</source>
            <translation>  {device}（{source}）：输出 {output}，输入 {input}（估算）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source> (beyond the model's native {native} tokens)</source>
            <translation>（超出模型原生的 {native} 个词元）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/readings_text.py" />
            <source> (under load)</source>
            <translation>（负载下）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/readings_text.py" />
            <source> = catalog '{id}'</source>
            <translation> = 数据库中的 “{id}”</translation>
        </message>
        <message>
            <location filename="gpuplanner/commands/plan.py" />
            <location filename="gpuplanner/commands/plan_print.py" />
            <location filename="gpuplanner/report/machine_view.py" />
            <location filename="gpuplanner/report/plan_text.py" />
            <source>, </source>
            <translation>，</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>16-bit weights (FP16/BF16)</source>
            <translation>16 位权重（FP16/BF16）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>4-bit weights (GPTQ/AWQ/GGUF Q4)</source>
            <translation>4 位权重（GPTQ/AWQ/GGUF Q4）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>8-bit weights (INT8)</source>
            <translation>8 位权重（INT8）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>80 PLUS</source>
            <translation>80 PLUS 白牌</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>80 PLUS Bronze</source>
            <translation>80 PLUS 铜牌</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>80 PLUS Gold</source>
            <translation>80 PLUS 金牌</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>80 PLUS Platinum</source>
            <translation>80 PLUS 白金牌</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>80 PLUS Silver</source>
            <translation>80 PLUS 银牌</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>80 PLUS Titanium</source>
            <translation>80 PLUS 钛金牌</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/html.py" />
            <source>80% line</source>
            <translation>80% 线</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/machine_view.py" />
            <source>: </source>
            <translation>：</translation>
        </message>
        <message>
            <location filename="gpuplanner/commands/plan_print.py" />
            <location filename="gpuplanner/report/readings_text.py" />
            <source>; </source>
            <translation>；</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>A small Transformer from scratch</source>
            <translation>从零训练小型 Transformer</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>AMD through ROCm</source>
            <translation>通过 ROCm 使用 AMD</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>ATX case</source>
            <translation>ATX 机箱</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>ATX version not given (planned as 2.x)</source>
            <translation>未填写 ATX 版本（按 2.x 规划）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/html.py" />
            <source>Action</source>
            <translation>方案</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/summary.py" />
            <source>Also</source>
            <translation>备选</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_view.py" />
            <source>Also holds the job, for less money or more speed:</source>
            <translation>也能承担这项任务，花钱更少或速度更快：</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/summary.py" />
            <source>At {shop}: SKU {sku}</source>
            <translation>{shop}：商品编号 {sku}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>BERT-base fine-tuning</source>
            <translation>BERT-base 微调</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>BERT-large fine-tuning</source>
            <translation>BERT-large 微调</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>Batch size</source>
            <translation>批大小</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/summary.py" />
            <source>Best</source>
            <translation>首选</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <location filename="gpuplanner/report/summary.py" />
            <source>Budget</source>
            <translation>预算</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/html.py" />
            <location filename="gpuplanner/report/machine_view.py" />
            <source>CPU</source>
            <translation>处理器</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/machine_text.py" />
            <source>CPU image pipeline {v} images/s</source>
            <translation>CPU 图像预处理 {v} 张/秒</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/html.py" />
            <source>Cards</source>
            <translation>数量</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>Cards at most</source>
            <translation>最多显卡数</translation>
        </message>
        <message>
            <location filename="gpuplanner/commands/plan.py" />
            <source>Cards needed (more than one: sharded, Keras 3 on JAX only): {list}</source>
            <translation>所需显卡数（多于一块时为分片，仅 JAX 后端的 Keras 3 支持）：{list}</translation>
        </message>
        <message>
            <location filename="gpuplanner/commands/plan.py" />
            <source>Cards needed (more than one: the engine splits the layers): {list}</source>
            <translation>所需显卡数（多于一块时由推理引擎把各层分到这些卡上）：{list}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>Case</source>
            <translation>机箱</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/machine_text.py" />
            <source>Computer</source>
            <translation>电脑</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/probe_effects_text.py" />
            <source>Copies to the GPU run at {measured} GB/s: at most {cap} images/s reach the cards (check the slot, a riser or the link speed).</source>
            <translation>向 GPU 拷贝数据只有 {measured} GB/s：每秒最多只有 {cap} 张图片能送到显卡（请检查插槽、延长线或链路速度）。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>DistilBERT fine-tuning</source>
            <translation>DistilBERT 微调</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>E-ATX case</source>
            <translation>E-ATX 机箱</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>Electricity price</source>
            <translation>电价</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>ExLlamaV2</source>
            <translation>ExLlamaV2</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/machine_text.py" />
            <source>FP16 matrix multiply {v} TFLOPS</source>
            <translation>FP16 矩阵乘法 {v} TFLOPS</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>FP32 / TF32</source>
            <translation>FP32 / TF32</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/machine_text.py" />
            <source>FP32 matrix multiply {v} TFLOPS</source>
            <translation>FP32 矩阵乘法 {v} TFLOPS</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/html.py" />
            <source>For example</source>
            <translation>例如</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/machine_view.py" />
            <source>From the file: {name}</source>
            <translation>来自文件：{name}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>Full fine-tuning</source>
            <translation>全参数微调</translation>
        </message>
        <message>
            <location filename="gpuplanner/commands/plan_print.py" />
            <location filename="gpuplanner/report/html.py" />
            <location filename="gpuplanner/report/machine_view.py" />
            <source>GPU</source>
            <translation>显卡</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>GPU memory needed</source>
            <translation>所需显存</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/html.py" />
            <source>GPU purchase plan</source>
            <translation>GPU 选购方案</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/machine_view.py" />
            <source>GPU {n}</source>
            <translation>显卡 {n}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/machine_view.py" />
            <source>GPU {n}: {text}</source>
            <translation>显卡 {n}：{text}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/html.py" />
            <source>GPUs</source>
            <translation>显卡</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/machine_view.py" />
            <source>Host name</source>
            <translation>主机名</translation>
        </message>
        <message>
            <location filename="gpuplanner/commands/plan.py" />
            <source>How it is counted</source>
            <translation>计算方式</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>Hugging Face transformers</source>
            <translation>Hugging Face transformers</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>Image classification (EfficientNet-B0)</source>
            <translation>图像分类（EfficientNet-B0）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>Image classification (EfficientNet-B4)</source>
            <translation>图像分类（EfficientNet-B4）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>Image classification (MobileNetV2)</source>
            <translation>图像分类（MobileNetV2）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>Image classification (MobileNetV3-Large)</source>
            <translation>图像分类（MobileNetV3-Large）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>Image classification (MobileNetV3-Small)</source>
            <translation>图像分类（MobileNetV3-Small）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>Image classification (ResNet-50)</source>
            <translation>图像分类（ResNet-50）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>Inference engine</source>
            <translation>推理引擎</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>Inference only</source>
            <translation>仅推理</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/machine_view.py" />
            <source>Install the NVIDIA driver (it provides the NVML library). Without an NVIDIA GPU this is expected.</source>
            <translation>请安装 NVIDIA 驱动（其中包含 NVML 库）。没有 NVIDIA 显卡时出现这一提示是正常的。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/machine_view.py" />
            <source>Install the nvidia-ml-py package (pip install nvidia-ml-py).</source>
            <translation>请安装 nvidia-ml-py 包（pip install nvidia-ml-py）。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>Job</source>
            <translation>任务</translation>
        </message>
        <message>
            <source>Job, {runs} runs a month</source>
            <translation type="vanished">任务，每月运行 {runs} 次</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>Job, {runs}× a month</source>
            <translation>任务，每月运行 {runs} 次</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>Job, {share}% of the time</source>
            <translation>任务（占 {share}% 的时间）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>Keep the power supply</source>
            <translation>保留现有电源</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>KerasHub generate (Keras 3)</source>
            <translation>KerasHub 文本生成（Keras 3）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/machine_view.py" />
            <source>Kind of computer</source>
            <translation>机器类型</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>LLM fine-tuning</source>
            <translation>大语言模型微调</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>LLM inference</source>
            <translation>大语言模型推理</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>Large language model (LLM)</source>
            <translation>大语言模型（LLM）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>LoRA fine-tuning</source>
            <translation>LoRA 微调</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>LoRA fine-tuning on an int8 base</source>
            <translation>int8 量化基座模型上的 LoRA 微调</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/machine_view.py" />
            <source>MIG on (its slices not listed; TensorFlow sees one)</source>
            <translation>MIG 已开启（报告未列出切片；TensorFlow 只能用其中一个）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/machine_view.py" />
            <source>MIG on: {count} slices of up to {gb} GB (TensorFlow sees one)</source>
            <translation>MIG 已开启：{count} 个切片，最大 {gb} GB（TensorFlow 只能用其中一个）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/html.py" />
            <source>Made on {date} by gpuplanner {version}; catalog {catalog}.</source>
            <translation>生成于 {date}，gpuplanner {version}；数据库：{catalog}。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>Market</source>
            <translation>购买地区</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/probe_effects_text.py" />
            <source>Matrix multiply: {measured} TFLOPS where this card typically reaches {expected}; your card's predicted speed changes by {change}%.</source>
            <translation>矩阵乘法：实测 {measured} TFLOPS，这块卡通常能达到 {expected}；您这块卡的预测速度因此变化 {change}%。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/machine_text.py" />
            <source>Measured by the probe</source>
            <translation>测速结果</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/probe_effects_text.py" />
            <source>Memory bandwidth: {measured} GB/s where this card typically reaches {expected}; your card's predicted speed changes by {change}%.</source>
            <translation>显存带宽：实测 {measured} GB/s，这块卡通常能达到 {expected}；您这块卡的预测速度因此变化 {change}%。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>Method</source>
            <translation>方式</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>Micro-ATX case</source>
            <translation>Micro-ATX 机箱</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>Mini-ITX case</source>
            <translation>Mini-ITX 机箱</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>Mixed precision (FP16)</source>
            <translation>混合精度（FP16）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>Model</source>
            <translation>模型</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/readings_text.py" />
            <source>N/A</source>
            <translation>未知</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/machine_view.py" />
            <source>NVIDIA driver</source>
            <translation>NVIDIA 驱动</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/html.py" />
            <source>Needs</source>
            <translation>还需要</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/html.py" />
            <source>No card fits this job as asked.</source>
            <translation>按当前要求，没有显卡能胜任此任务。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_view.py" />
            <source>No card that holds this job has a market price: each is priced by its launch price (MSRP) or an estimate, not by what shops ask today. Ask the shop for every price before you buy.</source>
            <translation>能胜任此任务的卡都没有市场价：每块卡按首发价（MSRP）或估计价计算，而不是商家今天的要价。购买前请逐一向商家询问价格。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_view.py" />
            <source>No card that holds this job has a market price: each is priced by its launch price (MSRP) or an estimate, not by what shops ask today. Confirm every price by typing the one you see.</source>
            <translation>能胜任此任务的卡都没有市场价：每块卡按首发价（MSRP）或估计价计算，而不是商家今天的要价。请逐一输入您看到的价格加以确认。</translation>
        </message>
        <message>
            <location filename="gpuplanner/commands/plan.py" />
            <source>Note: {text}</source>
            <translation>注：{text}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_view.py" />
            <source>Nothing fits as asked. Ways forward:</source>
            <translation>按当前条件没有合适的方案。可以这样调整：</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>Object detection (EfficientDet-D0)</source>
            <translation>目标检测（EfficientDet-D0）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>Object detection (EfficientDet-D4)</source>
            <translation>目标检测（EfficientDet-D4）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>Object detection (SSD)</source>
            <translation>目标检测（SSD）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>Object detection (YOLOv8-S, KerasCV)</source>
            <translation>目标检测（YOLOv8-S，KerasCV）</translation>
        </message>
        <message>
            <location filename="gpuplanner/commands/plan.py" />
            <source>On one card (TensorFlow replicates, it never shards): {list}</source>
            <translation>单卡能否容纳（TensorFlow 多卡时每块卡各存一份完整模型，不分片）：{list}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>Only the shop's stock</source>
            <translation>仅限本店库存</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/machine_view.py" />
            <source>Operating system</source>
            <translation>操作系统</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/html.py" />
            <source>Options that fit ({n})</source>
            <translation>可行方案（{n} 个）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/machine_view.py" />
            <source>PCIe {link}</source>
            <translation>PCIe {link}</translation>
        </message>
        <message>
            <location filename="gpuplanner/commands/plan.py" />
            <source>Part</source>
            <translation>部分</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/html.py" />
            <source>Power</source>
            <translation>功耗</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/html.py" />
            <source>Power of the top pick: {gpu}</source>
            <translation>首选方案的功耗：{gpu}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <location filename="gpuplanner/report/machine_view.py" />
            <source>Power supply</source>
            <translation>电源</translation>
        </message>
        <message>
            <location filename="gpuplanner/commands/scan.py" />
            <source>Power supply: not entered (use --psu-watts W)</source>
            <translation>电源：未填写（用 --psu-watts W 填写）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>Precision</source>
            <translation>精度</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/html.py" />
            <source>Price</source>
            <translation>价格</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/html.py" />
            <source>Price ({currency})</source>
            <translation>价格（{currency}）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/html.py" />
            <source>Price and its date</source>
            <translation>价格及日期</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/html.py" />
            <source>Price and speed</source>
            <translation>价格与速度</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/html.py" />
            <source>Price and speed, relative to {gpu}</source>
            <translation>价格与速度（以 {gpu} 为 1 倍）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/summary.py" />
            <source>Price of {date}, {market}, {condition}</source>
            <translation>价格：{date}，{market}，{condition}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>QLoRA fine-tuning (4-bit base)</source>
            <translation>QLoRA 微调（4 位基座）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/readings_text.py" />
            <source>RAPL {status}</source>
            <translation>RAPL {status}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/readings_text.py" />
            <source>Readings [{source}, {created}]:</source>
            <translation>原始读数 [{source}，{created}]：</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/html.py" />
            <source>Reason</source>
            <translation>原因</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/html.py" />
            <source>Renting instead</source>
            <translation>改为租用</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/html.py" />
            <source>Rest of the PC</source>
            <translation>其余部件</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>Scenario</source>
            <translation>场景</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>Sequence length</source>
            <translation>序列长度</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>Small firm or research group</source>
            <translation>小公司或课题组</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/html.py" />
            <source>Speed</source>
            <translation>速度</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/html.py" />
            <source>Speed (×)</source>
            <translation>速度（倍）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/summary.py" />
            <source>Speed: {speed} relative to {gpu}</source>
            <translation>速度：相对 {gpu} 为 {speed}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/html.py" />
            <source>Speeds are relative to {gpu}.</source>
            <translation>速度以 {gpu} 为 1 倍。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>Student or beginner</source>
            <translation>学生或入门者</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/html.py" />
            <source>Supply</source>
            <translation>电源</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/machine_view.py" />
            <source>System memory</source>
            <translation>内存</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>TensorFlow from</source>
            <translation>TensorFlow 安装方式</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/machine_view.py" />
            <source>TensorFlow will run on the CPU; the recommendations compare cards with each other.</source>
            <translation>TensorFlow 将在 CPU 上运行；推荐结果会在显卡之间相互比较。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/probe_effects_text.py" />
            <source>The CPU decodes and augments {measured} images/s: no card in this machine trains faster than {cap} images/s until the input pipeline is faster (more CPU cores, pre-decoded or cached data).</source>
            <translation>CPU 每秒只能解码并增强 {measured} 张图片：在输入管线变快之前（更多 CPU 核心、预先解码或缓存数据），这台机器上任何显卡的训练速度都不会超过每秒 {cap} 张。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/html.py" />
            <source>The HTML and JSON reports give every option with its price's date, its needs, reasons and warnings.</source>
            <translation>HTML 和 JSON 报告列出每个方案的价格日期、所需配件、理由和警告。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/html.py" />
            <source>The HTML and JSON reports list every card with all its reasons.</source>
            <translation>HTML 和 JSON 报告列出每款显卡及其全部原因。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/machine_view.py" />
            <source>The NVIDIA kernel driver is not running: reboot, or check 'lsmod | grep nvidia' and Secure Boot.</source>
            <translation>NVIDIA 内核驱动没有运行：请重启，或检查 'lsmod | grep nvidia' 和安全启动（Secure Boot）。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/machine_view.py" />
            <source>The driver did not answer: a GPU may be hung. Check 'nvidia-smi' and the system log (Xid errors).</source>
            <translation>驱动没有响应：显卡可能已卡死。请查看 'nvidia-smi' 和系统日志（Xid 错误）。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/machine_view.py" />
            <source>The driver was upgraded without a reboot: restart the computer.</source>
            <translation>驱动已更新但尚未重启：请重启计算机。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/html.py" />
            <source>The job</source>
            <translation>任务</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/html.py" />
            <source>The other options in brief ({n})</source>
            <translation>其他方案概览（{n} 个）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/html.py" />
            <source>The summary as a QR code</source>
            <translation>摘要二维码</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/html.py" />
            <location filename="gpuplanner/report/machine_view.py" />
            <source>This computer</source>
            <translation>本机</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_view.py" />
            <source>This machine takes no new card. What it can do:</source>
            <translation>这台机器装不了新显卡。可以这样做：</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/machine_view.py" />
            <source>This user may not open the GPU: check the /dev/nvidia* permissions or join the video group.</source>
            <translation>当前用户无权访问显卡：请检查 /dev/nvidia* 的权限，或把用户加入 video 组。</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>Used and modified cards</source>
            <translation>二手和改装显卡</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>Vision Transformer fine-tuning (ViT-B/16)</source>
            <translation>视觉 Transformer 微调（ViT-B/16）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>Vision Transformer fine-tuning (ViT-L/16)</source>
            <translation>视觉 Transformer 微调（ViT-L/16）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>Wall socket</source>
            <translation>墙上插座</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/html.py" />
            <source>Ways forward</source>
            <translation>可行的调整</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>Weights</source>
            <translation>权重</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/html.py" />
            <source>What the probe changed</source>
            <translation>实测结果对预测的影响</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/html.py" />
            <source>What you told us</source>
            <translation>您提供的信息</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/html.py" />
            <source>Where these prices come from</source>
            <translation>这些价格从何而来</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/html.py" />
            <source>Why the other cards do not fit ({n})</source>
            <translation>其他显卡不可行的原因（{n} 个）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/html.py" />
            <source>Why, and warnings</source>
            <translation>理由与警告</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/machine_view.py" />
            <source>Your computer</source>
            <translation>您的电脑</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>Your own Keras model</source>
            <translation>您自己的 Keras 模型</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_view.py" />
            <source>Your {gpu} cannot stay for this job: {reason}</source>
            <translation>您的 {gpu} 无法继续承担这个任务：{reason}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/machine_view.py" />
            <source>a display adapter; TensorFlow does not use it</source>
            <translation>显示适配器，TensorFlow 不会用它</translation>
        </message>
        <message>
            <location filename="gpuplanner/commands/plan_print.py" />
            <source>action</source>
            <translation>方案</translation>
        </message>
        <message>
            <location filename="gpuplanner/commands/plan.py" />
            <location filename="gpuplanner/report/job_text.py" />
            <source>batch {n}</source>
            <translation>批大小 {n}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/html.py" />
            <source>best value</source>
            <translation>最佳性价比</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/machine_view.py" />
            <source>cannot be read from Python</source>
            <translation>无法从 Python 读取</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/machine_view.py" />
            <source>card up to Gen{n}</source>
            <translation>显卡最高 Gen{n}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/readings_text.py" />
            <source>card {best}</source>
            <translation>显卡最高 {best}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>default</source>
            <translation>默认</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/machine_view.py" />
            <source>did not answer</source>
            <translation>没有响应</translation>
        </message>
        <message>
            <location filename="gpuplanner/commands/plan.py" />
            <source>does not fit</source>
            <translation>放不下</translation>
        </message>
        <message>
            <location filename="gpuplanner/commands/plan.py" />
            <source>fits</source>
            <translation>放得下</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/machine_view.py" />
            <source>installed but not running</source>
            <translation>已安装但没有运行</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/machine_view.py" />
            <source>its power limit is not on record</source>
            <translation>功耗上限未知</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/readings_text.py" />
            <source>liquidctl, saved to a file</source>
            <translation>liquidctl，保存在文件中</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>llama.cpp (GGUF)</source>
            <translation>llama.cpp（GGUF）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/machine_view.py" />
            <source>memory N/A</source>
            <translation>显存未知</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/machine_text.py" />
            <source>memory bandwidth {v} GB/s</source>
            <translation>显存带宽 {v} GB/s</translation>
        </message>
        <message>
            <location filename="gpuplanner/commands/plan.py" />
            <source>more than 64</source>
            <translation>超过 64 块</translation>
        </message>
        <message>
            <location filename="gpuplanner/commands/plan_print.py" />
            <source>needs</source>
            <translation>需要</translation>
        </message>
        <message>
            <location filename="gpuplanner/commands/plan.py" />
            <source>never</source>
            <translation>再多也放不下</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>no</source>
            <translation>否</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/machine_view.py" />
            <source>none found</source>
            <translation>未发现</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>not given</source>
            <translation>未填写</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/machine_view.py" />
            <source>not installed</source>
            <translation>未安装</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/machine_view.py" />
            <source>not installed (the NVML library was not found)</source>
            <translation>未安装（找不到 NVML 库）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/machine_view.py" />
            <location filename="gpuplanner/report/readings_text.py" />
            <source>now Gen{gen} x{width}</source>
            <translation>当前 Gen{gen} x{width}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/html.py" />
            <source>other reasons</source>
            <translation>其他原因</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/readings_text.py" />
            <source>package power now {w} W</source>
            <translation>封装功耗当前 {w} W</translation>
        </message>
        <message>
            <location filename="gpuplanner/commands/plan_print.py" />
            <source>per 1k {currency}</source>
            <translation>每千{currency}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/readings_text.py" />
            <source>power class not in the catalog</source>
            <translation>功耗等级不在数据库中</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/readings_text.py" />
            <source>power class {name} ({base} W base, {peak} W peak)</source>
            <translation>功耗等级 {name}（基础 {base} W，峰值 {peak} W）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/machine_view.py" />
            <source>power limit {w} W</source>
            <translation>功耗上限 {w} W</translation>
        </message>
        <message>
            <location filename="gpuplanner/commands/plan_print.py" />
            <source>price date</source>
            <translation>价格日期</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>server chassis</source>
            <translation>服务器机箱</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/machine_view.py" />
            <source>slot Gen{n}</source>
            <translation>插槽 Gen{n}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/readings_text.py" />
            <source>slot {best}</source>
            <translation>插槽最高 {best}</translation>
        </message>
        <message>
            <location filename="gpuplanner/commands/plan_print.py" />
            <source>speed</source>
            <translation>速度</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/html.py" />
            <source>spikes up to</source>
            <translation>瞬时峰值可达</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/machine_view.py" />
            <source>this user may not open the GPU</source>
            <translation>当前用户无权访问显卡</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/html.py" />
            <source>too little memory</source>
            <translation>显存不足</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/html.py" />
            <source>top pick</source>
            <translation>首选</translation>
        </message>
        <message>
            <location filename="gpuplanner/commands/plan_print.py" />
            <source>total</source>
            <translation>总价</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/readings_text.py" />
            <source>up to Gen{gen} x{width}</source>
            <translation>最高 Gen{gen} x{width}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/machine_view.py" />
            <source>updated without a reboot</source>
            <translation>驱动已更新但尚未重启</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <source>vLLM</source>
            <translation>vLLM</translation>
        </message>
        <message>
            <location filename="gpuplanner/commands/plan_print.py" />
            <source>warnings</source>
            <translation>警告</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>yes</source>
            <translation>是</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/html.py" />
            <source>your card</source>
            <translation>您的显卡</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_view.py" />
            <source>your {gpu}</source>
            <translation>您的 {gpu}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_view.py" />
            <source>your {gpu} with MIG off</source>
            <translation>您关闭 MIG 后的 {gpu}</translation>
        </message>
        <message>
            <location filename="gpuplanner/commands/plan_print.py" />
            <source>{action}: {gpu}</source>
            <translation>{action}：{gpu}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/html.py" />
            <source>{cards} and {n} more</source>
            <translation>{cards} 等，另有 {n} 款</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/context.py" />
            <source>{cards} cards, prices up to {date}</source>
            <translation>{cards} 款显卡，价格截至 {date}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/machine_view.py" />
            <source>{card} (read as: {name})</source>
            <translation>{card}（扫描读到的名称：{name}）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/machine_view.py" />
            <source>{cores} cores, {threads} threads</source>
            <translation>{cores} 核 {threads} 线程</translation>
        </message>
        <message>
            <source>{count} x {gpu}: {per_hour} an hour</source>
            <translation type="vanished">{count} 块 {gpu}：每小时 {per_hour}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/html.py" />
            <source>{count} x {gpu}: {per_hour} an hour{hour_part}</source>
            <translation>{count} 块 {gpu}：每小时 {per_hour}{hour_part}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>{engine}, the default for these weights</source>
            <translation>{engine}（这种权重精度的默认引擎）</translation>
        </message>
        <message>
            <location filename="gpuplanner/commands/plan.py" />
            <location filename="gpuplanner/report/job_text.py" />
            <location filename="gpuplanner/report/summary.py" />
            <source>{gb} GB on one card</source>
            <translation>单卡 {gb} GB</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>{gb} GB on one card, for {job}, the largest job</source>
            <translation>单卡 {gb} GB，按最大的任务 {job} 计算</translation>
        </message>
        <message>
            <location filename="gpuplanner/commands/plan.py" />
            <source>{gb} GB: {n}</source>
            <translation>{gb} GB：{n}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/html.py" />
            <source>{hours} h, {cost} for the job</source>
            <translation>{hours} 小时，本任务共 {cost}</translation>
        </message>
        <message>
            <source>{job} ({runs} runs a month)</source>
            <translation type="vanished">{job}（每月运行 {runs} 次）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>{job} ({runs}× a month)</source>
            <translation>{job}（每月运行 {runs} 次）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>{job} ({share}% of the time)</source>
            <translation>{job}（占 {share}% 的时间）</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>{mm} mm for the card</source>
            <translation>可装 {mm} mm 长的显卡</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>{n} free slots</source>
            <translation>{n} 个空闲插槽</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>{n} tokens</source>
            <translation>{n} 个词元</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>{n} x 12V-2x6</source>
            <translation>{n} 根 12V-2x6</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/job_text.py" />
            <source>{n} x PCIe 8-pin</source>
            <translation>{n} 根 PCIe 8-pin</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_view.py" />
            <source>{scenario}: {job}; budget {budget}; needs {gb} GB on one card; TensorFlow from: {route}; speeds against {gpu}</source>
            <translation>{scenario}：{job}；预算 {budget}；单卡需要 {gb} GB 显存；TensorFlow 安装方式：{route}；速度以 {gpu} 为基准</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_view.py" />
            <source>{scenario}: {job}; budget {budget}; needs {gb} GB on one card; runs outside TensorFlow; speeds against {gpu}</source>
            <translation>{scenario}：{job}；预算 {budget}；单卡需要 {gb} GB 显存；在 TensorFlow 之外运行；速度以 {gpu} 为基准</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_text.py" />
            <location filename="gpuplanner/report/plan_view.py" />
            <source>{sentence} {then}</source>
            <translation>{sentence}{then}</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/machine_view.py" />
            <source>{w} W sustained peak</source>
            <translation>持续峰值 {w} W</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_view.py" />
            <source>✎ Price to confirm: ask the shop for today's price</source>
            <translation>✎ 价格待确认：请向商家询问当前价格</translation>
        </message>
        <message>
            <location filename="gpuplanner/report/plan_view.py" />
            <source>✎ Price to confirm: type the price you see</source>
            <translation>✎ 价格待确认：请输入您看到的价格</translation>
        </message>
    </context>
    <context>
        <name>ReportPage</name>
        <message>
            <location filename="gpuplanner/ui/pages/report_page.py" />
            <source>&amp;Copy summary</source>
            <translation>复制摘要(&amp;C)</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/report_page.py" />
            <source>Could not print: {why}</source>
            <translation>无法打印：{why}</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/report_page.py" />
            <source>Could not save: {why}</source>
            <translation>无法保存：{why}</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/report_page.py" />
            <source>Export &amp;JSON…</source>
            <translation>导出 JSON(&amp;J)…</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/report_page.py" />
            <source>JSON (*.json)</source>
            <translation>JSON (*.json)</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/report_page.py" />
            <source>P&amp;rint…</source>
            <translation>打印(&amp;R)…</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/report_page.py" />
            <source>PDF (*.pdf)</source>
            <translation>PDF (*.pdf)</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/report_page.py" />
            <source>Please wait {seconds} s before printing again.</source>
            <translation>请等 {seconds} 秒后再打印。</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/report_page.py" />
            <source>Print it, or scan the code with your phone to take the summary with you.</source>
            <translation>可以打印，或用手机扫描二维码带走摘要。</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/report_page.py" />
            <source>Printed to {file}</source>
            <translation>已打印为 {file}</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/report_page.py" />
            <source>QR code with the summary</source>
            <translation>摘要二维码</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/report_page.py" />
            <source>Save &amp;HTML…</source>
            <translation>保存 HTML(&amp;H)…</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/report_page.py" />
            <source>Save &amp;PDF…</source>
            <translation>保存 PDF(&amp;P)…</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/report_page.py" />
            <source>Save it, print it, or scan the code with your phone to take the summary with you.</source>
            <translation>可以保存、打印，或用手机扫描二维码带走摘要。</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/report_page.py" />
            <source>Save the report</source>
            <translation>保存报告</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/report_page.py" />
            <source>Saved {file}</source>
            <translation>已保存 {file}</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/report_page.py" />
            <source>Scan the code with your phone to take the summary with you.</source>
            <translation>用手机扫描二维码带走摘要。</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/report_page.py" />
            <source>Sent to the printer {printer}</source>
            <translation>已发送到打印机 {printer}</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/report_page.py" />
            <source>The printer {printer} is not available; please ask the staff.</source>
            <translation>打印机 {printer} 不可用，请联系店员。</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/report_page.py" />
            <source>The prints for this visit are used up; please ask the staff.</source>
            <translation>本次可打印的份数已用完，如需更多请找店员。</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/report_page.py" />
            <source>The summary as a QR code</source>
            <translation>摘要二维码</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/report_page.py" />
            <source>The summary is on the clipboard.</source>
            <translation>摘要已复制到剪贴板。</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/report_page.py" />
            <source>Web page (*.html)</source>
            <translation>网页 (*.html)</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/report_page.py" />
            <source>Your report</source>
            <translation>您的报告</translation>
        </message>
    </context>
    <context>
        <name>ResultsPage</name>
        <message>
            <location filename="gpuplanner/ui/pages/results_page.py" />
            <source>&amp;Import prices…</source>
            <translation>导入价格(&amp;I)…</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/results_page.py" />
            <source>. Select two or three rows to compare them.</source>
            <translation>。选中两三行可对比。</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/results_page.py" />
            <source>Action</source>
            <translation>方案</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/results_page.py" />
            <source>Also &amp;show cards that do not fit (with the reason)</source>
            <translation>同时显示不合适的显卡（附原因）(&amp;S)</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/results_page.py" />
            <source>Also &amp;show the card that does not fit (with the reason)</source>
            <translation>同时显示那 1 款不合适的显卡（附原因）(&amp;S)</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/results_page.py" />
            <source>Also &amp;show the {n} cards that do not fit (with the reason)</source>
            <translation>同时显示 {n} 款不合适的显卡（附原因）(&amp;S)</translation>
        </message>
        <message>
            <source>Also show cards that do not fit (with the reason)</source>
            <translation type="vanished">同时显示不合适的显卡（附原因）</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/results_page.py" />
            <source>At {shop}: SKU {sku}, shelf {shelf}, {stock} in stock</source>
            <translation>{shop}：货号 {sku}，货架 {shelf}，库存 {stock}</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/results_page.py" />
            <source>Bandwidth</source>
            <translation>带宽</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/results_page.py" />
            <source>Board power</source>
            <translation>板卡功耗</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/results_page.py" />
            <source>CPU</source>
            <translation>CPU</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/results_page.py" />
            <source>Compare</source>
            <translation>对比</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/results_page.py" />
            <source>Details and power</source>
            <translation>详情与供电</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/results_page.py" />
            <source>Double-click a total to type the price you see (per card).</source>
            <translation>双击总价，输入您看到的价格（单卡）。</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/results_page.py" />
            <source>FP16 tensor</source>
            <translation>FP16 张量算力</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/results_page.py" />
            <source>Forget my &amp;price</source>
            <translation>删除我的价格(&amp;P)</translation>
        </message>
        <message>
            <source>Forget my price</source>
            <translation type="vanished">删除我的价格</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/results_page.py" />
            <source>GPU</source>
            <translation>显卡</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/results_page.py" />
            <source>GPUs</source>
            <translation>显卡</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/results_page.py" />
            <source>Import prices</source>
            <translation>导入价格</translation>
        </message>
        <message>
            <source>Import prices…</source>
            <translation type="vanished">导入价格…</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/results_page.py" />
            <source>Length</source>
            <translation>长度</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/results_page.py" />
            <source>Memory</source>
            <translation>显存</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/results_page.py" />
            <source>Needs</source>
            <translation>需要</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/results_page.py" />
            <source>Open a price pack</source>
            <translation>打开价格包</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/results_page.py" />
            <source>PSU</source>
            <translation>电源</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/results_page.py" />
            <source>Platform</source>
            <translation>平台</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/results_page.py" />
            <source>Power</source>
            <translation>功耗</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/results_page.py" />
            <source>Price</source>
            <translation>价格</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/results_page.py" />
            <source>Price ({currency})</source>
            <translation>价格（{currency}）</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/results_page.py" />
            <source>Price and speed</source>
            <translation>价格与速度</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/results_page.py" />
            <source>Price date</source>
            <translation>价格日期</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/results_page.py" />
            <source>Price packs (*.csv);;All files (*)</source>
            <translation>价格包 (*.csv);;所有文件 (*)</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/results_page.py" />
            <source>Price {price} each: {date}, {condition}, {market}, source {source}</source>
            <translation>单价 {price}：{date}，{condition}，{market}，来源 {source}</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/results_page.py" />
            <source>Ranking every card in the catalog…</source>
            <translation>正在为目录中的所有显卡排序…</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/results_page.py" />
            <source>Recommendations</source>
            <translation>推荐结果</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/results_page.py" />
            <source>Recommendations: {n} fit your needs</source>
            <translation>推荐结果：{n} 款符合需求</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/results_page.py" />
            <source>Recommended cards</source>
            <translation>推荐的显卡</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/results_page.py" />
            <source>Scaling</source>
            <translation>多卡效率</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/results_page.py" />
            <source>Speed</source>
            <translation>速度</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/results_page.py" />
            <source>Speed (× {gpu})</source>
            <translation>速度（{gpu} 的倍数）</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/results_page.py" />
            <source>Speed added per 1,000 {currency}</source>
            <translation>每 1,000 {currency}增加的速度</translation>
        </message>
        <message>
            <source>Speed per 1,000</source>
            <translation type="vanished">性价比（每千）</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/results_page.py" />
            <source>Speed per 1,000 {currency}</source>
            <translation>每 1,000 {currency}的速度</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/results_page.py" />
            <source>Total</source>
            <translation>总价</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/results_page.py" />
            <source>Warnings</source>
            <translation>警告</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/results_page.py" />
            <source>{action}: {gpu}</source>
            <translation>{action}：{gpu}</translation>
        </message>
    </context>
    <context>
        <name>ScenarioPage</name>
        <message>
            <location filename="gpuplanner/ui/pages/scenario_page.py" />
            <source>&amp;Student or beginner</source>
            <translation>学生 / 入门者(&amp;S)</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/scenario_page.py" />
            <source>Fine-tuning 7B to 70B language models with full training, LoRA or QLoRA. How much VRAM each method needs, how many cards, NVLink or PCIe, ECC, rack power, and when renting in the cloud beats buying.</source>
            <translation>用全参数、LoRA 或 QLoRA 微调 7B 到 70B 的语言模型。每种方法需要多少显存、几块卡、NVLink 还是 PCIe、ECC、机柜供电，以及何时租用云 GPU 比购买更划算。</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/scenario_page.py" />
            <source>LLM fine-&amp;tuning</source>
            <translation>大模型微调(&amp;T)</translation>
        </message>
        <message>
            <source>LLM fine-tuning</source>
            <translation type="vanished">大模型微调</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/scenario_page.py" />
            <source>One workstation that trains and fine-tunes BERT, ResNet or EfficientDet, often around the clock. 24 GB cards, one or two GPUs, power supply and case checks, stability for 24/7 use and the cost of each training run.</source>
            <translation>一台工作站训练和微调 BERT、ResNet、EfficientDet 等模型，常常全天运行。24 GB 显卡，一到两块 GPU，电源与机箱检查，7×24 小时稳定性，以及每次训练的成本。</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/scenario_page.py" />
            <source>Pick the situation closest to yours. It sets the budget, the workloads and the checks that matter; you can change everything on later pages.</source>
            <translation>请选择最接近您情况的一项。它决定预算、典型任务和需要检查的事项；后面的页面中可以随时修改。</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/scenario_page.py" />
            <source>Small firm or &amp;research group</source>
            <translation>小公司或课题组(&amp;R)</translation>
        </message>
        <message>
            <source>Small firm or research group</source>
            <translation type="vanished">小公司或课题组</translation>
        </message>
        <message>
            <source>Student or beginner</source>
            <translation type="vanished">学生 / 入门者</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/scenario_page.py" />
            <source>Tutorials, course projects, CNNs and small Transformers such as DistilBERT, on a laptop or home PC. Find out whether TensorFlow can use the GPU you have, and get a card with at least 12 GB that fits your budget and power supply (8 GB cards are a trap).</source>
            <translation>跑教程、课程项目、CNN 和 DistilBERT 等小型 Transformer，使用笔记本或家用电脑。先确认 TensorFlow 能否用上您现有的 GPU，再挑一块符合预算和电源、显存至少 12 GB 的显卡（8 GB 显卡是个坑）。</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/scenario_page.py" />
            <source>Typical budget: {low} – {high}</source>
            <translation>典型预算：{low} – {high}</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/scenario_page.py" />
            <source>What will you use the GPU for?</source>
            <translation>您打算用 GPU 做什么？</translation>
        </message>
    </context>
    <context>
        <name>Source</name>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>AI Hardware Index</source>
            <translation>AI Hardware Index</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>AI Inference Hardware Guide price tracker, Aug 2026</source>
            <translation>AI Inference Hardware Guide 价格追踪，2026 年 8 月</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>AI Tool Discovery</source>
            <translation>AI Tool Discovery</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>AMD processor specifications</source>
            <translation>AMD 处理器规格</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>AWS EC2 on-demand prices (from memory)</source>
            <translation>AWS EC2 按需价格（凭记忆整理，未逐条核对来源）</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>Architosh</source>
            <translation>Architosh</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>BestLLMfor</source>
            <translation>BestLLMfor</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>CFETS central parity</source>
            <translation>中国外汇交易中心中间价</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>CodeSOTA</source>
            <translation>CodeSOTA</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>Computed tensor rate</source>
            <translation>按规格计算的张量算力</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>Deploybase (RunPod prices)</source>
            <translation>Deploybase（RunPod 价格）</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>Epoch AI hardware data</source>
            <translation>Epoch AI 硬件数据</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>GPU Dojo</source>
            <translation>GPU Dojo</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>GPU Poet market report, Aug 2026</source>
            <translation>GPU Poet 市场报告，2026 年 8 月</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>GPU Poet market report, Oct 2026</source>
            <translation>GPU Poet 市场报告，2026 年 10 月</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>GPU Poet market report, Sep 2026</source>
            <translation>GPU Poet 市场报告，2026 年 9 月</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>GPU Poet market reports, Feb-Jul 2026</source>
            <translation>GPU Poet 市场报告，2026 年 2-7 月</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>GPU Price Index</source>
            <translation>GPU Price Index 价格指数</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>Google Cloud GPU prices (from memory)</source>
            <translation>Google Cloud GPU 价格（凭记忆整理，未逐条核对来源）</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>GrokTech</source>
            <translation>GrokTech</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>Hotscup</source>
            <translation>Hotscup</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>InsiderLLM</source>
            <translation>InsiderLLM</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>Intel ARK</source>
            <translation>Intel ARK</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>Keras 3 multi-backend and the backends' GPU builds</source>
            <translation>Keras 3 多后端及各后端的 GPU 版本</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>Lambda Cloud prices (from memory)</source>
            <translation>Lambda Cloud 价格（凭记忆整理，未逐条核对来源）</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>Local AI Master</source>
            <translation>Local AI Master</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>LocalRig</source>
            <translation>LocalRig</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>Low-profile boards</source>
            <translation>半高（刀卡）板卡</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>Mercatus</source>
            <translation>Mercatus</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>Minimum NVIDIA driver per CUDA version</source>
            <translation>各 CUDA 版本所需的最低 NVIDIA 驱动</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>NVIDIA 'Required System Power' and AMD 'Recommended PSU' from product pages</source>
            <translation>NVIDIA 与 AMD 产品页上的建议电源功率</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>NVIDIA Ada GPU Architecture whitepaper</source>
            <translation>NVIDIA Ada GPU 架构白皮书</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>NVIDIA China launch prices (from memory)</source>
            <translation>NVIDIA 中国首发价（凭记忆整理，未逐条核对来源）</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>NVIDIA GeForce product pages</source>
            <translation>NVIDIA GeForce 产品页</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>NVIDIA H800 PCIe datasheet</source>
            <translation>NVIDIA H800 PCIe 规格书</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>NVIDIA L40 / L40S datasheet specification table</source>
            <translation>NVIDIA L40 / L40S 规格书</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>NVIDIA Quadro RTX 5000 / 6000 / 8000 datasheets</source>
            <translation>NVIDIA Quadro RTX 5000 / 6000 / 8000 规格书</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>NVIDIA TensorFlow container release notes</source>
            <translation>NVIDIA TensorFlow 容器发布说明</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>NVIDIA Tesla V100 PCIe product brief</source>
            <translation>NVIDIA Tesla V100 PCIe 产品简介</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>NVLink / Infinity Fabric bandwidth from vendor datasheets</source>
            <translation>厂商规格书中的 NVLink / Infinity Fabric 带宽</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>Neowin</source>
            <translation>Neowin</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>NewGearHub</source>
            <translation>NewGearHub</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>Of Zen and Computing</source>
            <translation>Of Zen and Computing</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>PC Gamer</source>
            <translation>PC Gamer</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>PCGamesN and others</source>
            <translation>PCGamesN 等</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>PRC value-added tax on goods</source>
            <translation>中国商品增值税</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>Partner board dimensions</source>
            <translation>合作厂商板卡尺寸</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>Pixelation</source>
            <translation>Pixelation</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>Product lines out of production</source>
            <translation>已停产的产品线</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>PyTorch Lightning _CUDA_FLOPS table</source>
            <translation>PyTorch Lightning 的 _CUDA_FLOPS 表</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>Qwen/Qwen2.5-14B config.json</source>
            <translation>Qwen/Qwen2.5-14B 的 config.json</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>Qwen/Qwen2.5-32B config.json</source>
            <translation>Qwen/Qwen2.5-32B 的 config.json</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>Qwen/Qwen2.5-72B config.json</source>
            <translation>Qwen/Qwen2.5-72B 的 config.json</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>Qwen/Qwen2.5-7B config.json</source>
            <translation>Qwen/Qwen2.5-7B 的 config.json</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>Qwen/Qwen3-14B config.json</source>
            <translation>Qwen/Qwen3-14B 的 config.json</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>Qwen/Qwen3-235B-A22B config.json</source>
            <translation>Qwen/Qwen3-235B-A22B 的 config.json</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>Qwen/Qwen3-30B-A3B config.json</source>
            <translation>Qwen/Qwen3-30B-A3B 的 config.json</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>Qwen/Qwen3-32B config.json</source>
            <translation>Qwen/Qwen3-32B 的 config.json</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>Qwen/Qwen3-8B config.json</source>
            <translation>Qwen/Qwen3-8B 的 config.json</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>RTX 2080 Ti boards take 22 GB</source>
            <translation>RTX 2080 Ti 改 22 GB 显存</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>Signal &amp; Noise</source>
            <translation>Signal &amp; Noise</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>SlashGear</source>
            <translation>SlashGear</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>SpecPicks</source>
            <translation>SpecPicks</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>THUDM/chatglm3-6b config.json</source>
            <translation>THUDM/chatglm3-6b 的 config.json</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>THUDM/glm-4-9b config.json</source>
            <translation>THUDM/glm-4-9b 的 config.json</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>Tashuo</source>
            <translation>Tashuo</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>TechPowerUp GPU Database</source>
            <translation>TechPowerUp 显卡数据库</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>Techplained</source>
            <translation>Techplained</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>Techzine</source>
            <translation>Techzine</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>TensorFlow .bazelrc CUDA compute capabilities</source>
            <translation>TensorFlow .bazelrc 中的 CUDA 计算能力</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>TensorFlow tested build configurations</source>
            <translation>TensorFlow 官方测试过的构建配置</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>Tom's Hardware</source>
            <translation>Tom's Hardware</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>Tom's Hardware eBay price report</source>
            <translation>Tom's Hardware 的 eBay 价格报告</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>TweakTown</source>
            <translation>TweakTown</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>US BIS advanced computing export rules</source>
            <translation>美国 BIS 先进计算出口管制规则</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>US BIS interim final rule</source>
            <translation>美国 BIS 临时最终规则</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>US retail prices exclude sales tax</source>
            <translation>美国零售价不含销售税</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>V100 SXM2 homelab guide</source>
            <translation>V100 SXM2 家用实验室指南</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>Wikipedia's GPU launch-price lists</source>
            <translation>维基百科的显卡首发价列表</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>a 2023 Chinese buying guide (its own estimate)</source>
            <translation>2023 年的一篇中文选购指南（其自行估算）</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>astroC86/gpu-datasheet</source>
            <translation>astroC86/gpu-datasheet</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>datacenter price estimates (from memory)</source>
            <translation>数据中心显卡估价（凭记忆整理，未逐条核对来源）</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>deepseek-ai/DeepSeek-R1-Distill-Llama-70B config.json</source>
            <translation>deepseek-ai/DeepSeek-R1-Distill-Llama-70B 的 config.json</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>deepseek-ai/DeepSeek-R1-Distill-Llama-8B config.json</source>
            <translation>deepseek-ai/DeepSeek-R1-Distill-Llama-8B 的 config.json</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>deepseek-ai/DeepSeek-R1-Distill-Qwen-14B config.json</source>
            <translation>deepseek-ai/DeepSeek-R1-Distill-Qwen-14B 的 config.json</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>deepseek-ai/DeepSeek-R1-Distill-Qwen-32B config.json</source>
            <translation>deepseek-ai/DeepSeek-R1-Distill-Qwen-32B 的 config.json</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>deepseek-ai/DeepSeek-R1-Distill-Qwen-7B config.json</source>
            <translation>deepseek-ai/DeepSeek-R1-Distill-Qwen-7B 的 config.json</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>deepseek-ai/DeepSeek-V3 config.json</source>
            <translation>deepseek-ai/DeepSeek-V3 的 config.json</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>gmasse/gpu-specs</source>
            <translation>gmasse/gpu-specs</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>google/gemma-3-12b-it config.json</source>
            <translation>google/gemma-3-12b-it 的 config.json</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>google/gemma-3-27b-it config.json</source>
            <translation>google/gemma-3-27b-it 的 config.json</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>google/gemma-3-4b-it config.json</source>
            <translation>google/gemma-3-4b-it 的 config.json</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>gpu-price-feed (toolshedlabs)</source>
            <translation>gpu-price-feed（toolshedlabs）</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>gpu-price-tracker (fenggg1988)</source>
            <translation>gpu-price-tracker（fenggg1988）</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>gpuplanner hardware facts</source>
            <translation>gpuplanner 硬件资料</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>itcreations.com RTX 2000 Ada</source>
            <translation>itcreations.com 的 RTX 2000 Ada 规格页</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>meta-llama/Llama-2-13b-hf config.json</source>
            <translation>meta-llama/Llama-2-13b-hf 的 config.json</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>meta-llama/Llama-2-70b-hf config.json</source>
            <translation>meta-llama/Llama-2-70b-hf 的 config.json</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>meta-llama/Llama-2-7b-hf config.json</source>
            <translation>meta-llama/Llama-2-7b-hf 的 config.json</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>meta-llama/Llama-3.2-1B config.json</source>
            <translation>meta-llama/Llama-3.2-1B 的 config.json</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>meta-llama/Llama-3.2-3B config.json</source>
            <translation>meta-llama/Llama-3.2-3B 的 config.json</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>meta-llama/Llama-3.3-70B-Instruct config.json</source>
            <translation>meta-llama/Llama-3.3-70B-Instruct 的 config.json</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>meta-llama/Meta-Llama-3.1-405B config.json</source>
            <translation>meta-llama/Meta-Llama-3.1-405B 的 config.json</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>meta-llama/Meta-Llama-3.1-70B config.json</source>
            <translation>meta-llama/Meta-Llama-3.1-70B 的 config.json</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>meta-llama/Meta-Llama-3.1-8B config.json</source>
            <translation>meta-llama/Meta-Llama-3.1-8B 的 config.json</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>mistralai/Mistral-7B-v0.1 config.json</source>
            <translation>mistralai/Mistral-7B-v0.1 的 config.json</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>openai/gpt-oss-120b config.json</source>
            <translation>openai/gpt-oss-120b 的 config.json</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>openai/gpt-oss-20b config.json</source>
            <translation>openai/gpt-oss-20b 的 config.json</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>power supply street prices (from memory)</source>
            <translation>电源市场价（凭记忆整理，未逐条核对来源）</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>runlocalai</source>
            <translation>runlocalai</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>v2ex forum</source>
            <translation>V2EX 论坛</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>vendor launch prices (from memory)</source>
            <translation>厂商首发价（凭记忆整理，未逐条核对来源）</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>woter.com article on the 48 GB 4090</source>
            <translation>woter.com 关于 48 GB 版 4090 的文章</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>zai-org/GLM-4.5-Air config.json</source>
            <translation>zai-org/GLM-4.5-Air 的 config.json</translation>
        </message>
        <message>
            <location filename="resources/catalog/sources.csv" />
            <source>共绩算力 RTX 5090 rate</source>
            <translation>共绩算力 RTX 5090 租用价</translation>
        </message>
    </context>
    <context>
        <name>StaffMenu</name>
        <message>
            <location filename="gpuplanner/ui/pin_dialog.py" />
            <source>Back to the kiosk</source>
            <translation>返回自助终端</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pin_dialog.py" />
            <source>Leave kiosk mode</source>
            <translation>退出自助终端模式</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pin_dialog.py" />
            <source>Staff</source>
            <translation>店员</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pin_dialog.py" />
            <source>Start over for the next customer</source>
            <translation>为下一位顾客重新开始</translation>
        </message>
    </context>
    <context>
        <name>WizardController</name>
        <message>
            <location filename="gpuplanner/ui/controller.py" />
            <source>Your saved data was damaged. It was kept as {file} and a new, empty one was started.</source>
            <translation>您保存的数据已损坏。原文件已保留为 {file}，并已新建一个空的数据文件。</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/controller.py" />
            <source>Your stored price of {cards} ({prices}) cannot be a price of that card, so the plan leaves it out. Select the card and press Forget my price to remove it.</source>
            <translation>您保存的 {cards} 价格（{prices}）不可能是这块卡的价格，方案中已忽略它。请选中这块卡，然后点击“删除我的价格”将其删除。</translation>
        </message>
    </context>
    <context>
        <name>WorkloadPage</name>
        <message>
            <source> / month</source>
            <translation type="vanished"> 次/月</translation>
        </message>
        <message>
            <source> runs a month</source>
            <translation type="vanished"> 次/月</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>&amp;Also show cards not sold where I buy (China-only, export-restricted, discontinued)</source>
            <translation>也显示在我所在地区买不到的显卡（中国特供、出口管制、已停产）(&amp;A)</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>&amp;Cards at most:</source>
            <translation>最多几块卡(&amp;C)：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>&amp;Inference engine:</source>
            <translation>推理引擎(&amp;I)：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>&amp;Job:</source>
            <translation>任务(&amp;J)：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>&amp;Keep my power supply (no options that need a new one)</source>
            <translation>保留现有电源（不推荐需要换电源的方案）(&amp;K)</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>&amp;NVLink bridge between your two cards</source>
            <translation>两块卡之间的 NVLink 桥(&amp;N)</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>&amp;Precision:</source>
            <translation>精度(&amp;P)：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>&amp;Sequence length:</source>
            <translation>序列长度(&amp;S)：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>&amp;Weights (inference):</source>
            <translation>权重精度（推理）(&amp;W)：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>16-bit (FP16/BF16)</source>
            <translation>16 位（FP16/BF16）</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>4-bit (GPTQ/AWQ/GGUF Q4)</source>
            <translation>4 位（GPTQ/AWQ/GGUF Q4）</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>8-bit (INT8)</source>
            <translation>8 位（INT8）</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>A small Transformer from scratch</source>
            <translation>从零训练小型 Transformer</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>AMD cards through &amp;ROCm on Linux are fine</source>
            <translation>可以接受在 Linux 上通过 ROCm 使用 AMD 显卡(&amp;R)</translation>
        </message>
        <message>
            <source>AMD cards through ROCm on Linux are fine</source>
            <translation type="vanished">可以接受在 Linux 上通过 ROCm 使用 AMD 显卡</translation>
        </message>
        <message>
            <source>Also show cards not sold where I buy (China-only, export-restricted, discontinued)</source>
            <translation type="vanished">也显示在我所在地区买不到的显卡（中国特供、出口管制、已停产）</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>As the scan shows (a data-centre pair: assumed fitted)</source>
            <translation>按扫描结果（数据中心卡对：假定已装）</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>BERT-base fine-tuning</source>
            <translation>BERT-base 微调</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>BERT-large fine-tuning</source>
            <translation>BERT-large 微调</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>Batc&amp;h size:</source>
            <translation>批大小(&amp;H)：</translation>
        </message>
        <message>
            <source>Batch size:</source>
            <translation type="vanished">批大小：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>Bu&amp;dget:</source>
            <translation>预算(&amp;D)：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>Budget</source>
            <translation>预算</translation>
        </message>
        <message>
            <source>Budget:</source>
            <translation type="vanished">预算：</translation>
        </message>
        <message>
            <source>Cards at most:</source>
            <translation type="vanished">最多几块卡：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>Consider us&amp;ed and modified cards</source>
            <translation>考虑二手和魔改显卡(&amp;E)</translation>
        </message>
        <message>
            <source>Consider used and modified cards</source>
            <translation type="vanished">考虑二手和魔改显卡</translation>
        </message>
        <message>
            <source>Count b&amp;y runs a month</source>
            <translation type="vanished">按每月运行次数计(&amp;Y)</translation>
        </message>
        <message>
            <source>Count in runs a &amp;month</source>
            <translation type="vanished">按每月运行次数计(&amp;M)</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>Decode speeds: about ±{pct}% (checked across benchmark suites)</source>
            <translation>生成速度：约 ±{pct}%（已用多套独立基准测试核对）</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>Decode speeds: about ±{pct}% (checked within one benchmark suite)</source>
            <translation>生成速度：约 ±{pct}%（仅在一套基准测试内核对）</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>Decode speeds: about ±{pct}% (this engine was not validated at these weights)</source>
            <translation>生成速度：约 ±{pct}%（此引擎在这种权重精度下未经验证）</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>Default: {engine}</source>
            <translation>默认：{engine}</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>DistilBERT fine-tuning</source>
            <translation>DistilBERT 微调</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>FP32 / TF32</source>
            <translation>FP32 / TF32</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>Fitted</source>
            <translation>已装</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>Full fine-tuning</source>
            <translation>全参数微调</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>How it is counted</source>
            <translation>计算方式</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>Image classification (EfficientNet-B0)</source>
            <translation>图像分类（EfficientNet-B0）</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>Image classification (EfficientNet-B4)</source>
            <translation>图像分类（EfficientNet-B4）</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>Image classification (MobileNetV2)</source>
            <translation>图像分类（MobileNetV2）</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>Image classification (MobileNetV3-Large)</source>
            <translation>图像分类（MobileNetV3-Large）</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>Image classification (MobileNetV3-Small)</source>
            <translation>图像分类（MobileNetV3-Small）</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>Image classification (ResNet-50)</source>
            <translation>图像分类（ResNet-50）</translation>
        </message>
        <message>
            <source>Inference engine:</source>
            <translation type="vanished">推理引擎：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>Inference only</source>
            <translation>仅推理</translation>
        </message>
        <message>
            <source>Job</source>
            <translation type="vanished">任务</translation>
        </message>
        <message>
            <source>Job:</source>
            <translation type="vanished">任务：</translation>
        </message>
        <message>
            <source>Keep my power supply (no options that need a new one)</source>
            <translation type="vanished">保留现有电源（不推荐需要换电源的方案）</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>Keras 3 on JAX or PyTorch</source>
            <translation>Keras 3（JAX 或 PyTorch 后端）</translation>
        </message>
        <message>
            <source>L&amp;anguage model:</source>
            <translation type="vanished">语言模型(&amp;A)：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>Lan&amp;guage model:</source>
            <translation>语言模型(&amp;G)：</translation>
        </message>
        <message>
            <source>Language &amp;model:</source>
            <translation type="vanished">语言模型(&amp;M)：</translation>
        </message>
        <message>
            <source>Language model:</source>
            <translation type="vanished">语言模型：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>Large language model (LLM)</source>
            <translation>大语言模型（LLM）</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>LoRA on an int8 base (Keras)</source>
            <translation>int8 基座模型上的 LoRA（Keras）</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>Me&amp;thod:</source>
            <translation>方法(&amp;T)：</translation>
        </message>
        <message>
            <source>Method:</source>
            <translation type="vanished">方法：</translation>
        </message>
        <message>
            <source>Mi&amp;x in a job</source>
            <translation type="vanished">加入一个任务(&amp;X)</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>Mixed precision (FP16)</source>
            <translation>混合精度（FP16）</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>NVIDIA NGC container (Linux/WSL2, Docker)</source>
            <translation>NVIDIA NGC 容器（Linux/WSL2，Docker）</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>Needs {gb} GB of GPU memory on one card</source>
            <translation>单卡需要 {gb} GB 显存</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>Needs {gb} GB of GPU memory on one card, for {job}, the largest job</source>
            <translation>每块卡需要 {gb} GB 显存，按最大的任务 {job} 计算</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>None</source>
            <translation>没有</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>Object detection (EfficientDet-D0)</source>
            <translation>目标检测（EfficientDet-D0）</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>Object detection (EfficientDet-D4)</source>
            <translation>目标检测（EfficientDet-D4）</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>Object detection (SSD)</source>
            <translation>目标检测（SSD）</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>Object detection (YOLOv8-S, KerasCV)</source>
            <translation>目标检测（YOLOv8-S，KerasCV）</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>Official pip wheels (pip install tensorflow)</source>
            <translation>官方 pip 安装包（pip install tensorflow）</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>Official wheels have no kernels for RTX 50 / Blackwell cards and use the GPU on native Windows only up to TensorFlow 2.10. NVIDIA's container runs Blackwell.</source>
            <translation>官方安装包没有 RTX 50 / Blackwell 显卡的内核，且在原生 Windows 上只有 TensorFlow 2.10 及以前能用 GPU。NVIDIA 的容器支持 Blackwell。</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>Part</source>
            <translation>部分</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>Pick a typical job or a language model, and your budget. The memory the job needs is shown on the right and updates as you change the values.</source>
            <translation>选择典型任务或语言模型，以及预算。右侧显示任务所需显存，并随数值变化实时更新。</translation>
        </message>
        <message>
            <source>Precision:</source>
            <translation type="vanished">精度：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>QLoRA (4-bit base)</source>
            <translation>QLoRA（4 位基座）</translation>
        </message>
        <message>
            <source>Remo&amp;ve the job</source>
            <translation type="vanished">删除任务(&amp;V)</translation>
        </message>
        <message>
            <source>Runs a month</source>
            <translation type="vanished">每月运行次数</translation>
        </message>
        <message>
            <source>Sequence length:</source>
            <translation type="vanished">序列长度：</translation>
        </message>
        <message>
            <source>Several jobs sharing the machine: each with how often it runs a month. Every job must fit; each option then gives the month's hours and electricity.</source>
            <translation type="vanished">几个任务共用这台机器：每个任务填每月运行几次。每个任务都必须放得下；每个方案会给出一个月所需的时长和电费。</translation>
        </message>
        <message>
            <source>Several jobs sharing the machine: each with its share of the time. Every job must fit; leave the list empty to plan the one job on the left.</source>
            <translation type="vanished">几个任务共用这台机器：每个任务占一部分时间。每个任务都必须放得下；列表留空则只按左边那一个任务来规划。</translation>
        </message>
        <message>
            <source>Share of the time</source>
            <translation type="vanished">时间占比</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>Size</source>
            <translation>大小</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>Tens&amp;orFlow from:</source>
            <translation>TensorFlow 安装方式(&amp;O)：</translation>
        </message>
        <message>
            <source>TensorFlow from:</source>
            <translation type="vanished">TensorFlow 安装方式：</translation>
        </message>
        <message>
            <source>The scenario's &amp;usual jobs</source>
            <translation type="vanished">该场景的常见任务(&amp;U)</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>Vision Transformer fine-tuning (ViT-B/16)</source>
            <translation>视觉 Transformer 微调（ViT-B/16）</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>Vision Transformer fine-tuning (ViT-L/16)</source>
            <translation>视觉 Transformer 微调（ViT-L/16）</translation>
        </message>
        <message>
            <source>Weights (inference):</source>
            <translation type="vanished">权重精度（推理）：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>What will you train, and for how much?</source>
            <translation>要训练什么？预算多少？</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>default</source>
            <translation>默认</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>or {n} cards of 24 GB with sharding</source>
            <translation>或分片到 {n} 块 24 GB 显卡</translation>
        </message>
    </context>
</TS>
