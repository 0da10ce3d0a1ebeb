<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
    <context>
        <name>ComputerPage</name>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>%1 W sustained peak</source>
            <translation>持续峰值 %1 W</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>&amp;Open a saved scan or report…</source>
            <translation>打开已保存的检测结果或报告(&amp;O)…</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>&amp;Scan again</source>
            <translation>重新检测(&amp;S)</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>80 PLUS rating:</source>
            <translation>80 PLUS 认证：</translation>
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
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>ATX version:</source>
            <translation>ATX 版本：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>Bronze</source>
            <translation>铜牌</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>CPU:</source>
            <translation>CPU：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>Case and electricity</source>
            <translation>机箱与电费</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>Case size:</source>
            <translation>机箱尺寸：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>Electricity price per kWh:</source>
            <translation>每度电价格：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>Free expansion slots:</source>
            <translation>空闲扩展槽：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>Gold</source>
            <translation>金牌</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>Has a 12V-2x6 (12VHPWR) cable</source>
            <translation>带 12V-2x6（12VHPWR）供电线</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>Longest card that fits</source>
            <translation>可容纳的最长显卡</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>Longest card that fits:</source>
            <translation>可容纳的最长显卡：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>Looking at this computer…</source>
            <translation>正在检测本机…</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>Memory:</source>
            <translation>内存：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>N/A</source>
            <translation>不可用</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>NVIDIA driver:</source>
            <translation>NVIDIA 驱动：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>No GPU found.</source>
            <translation>未找到显卡。</translation>
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
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>PCIe 8-pin cables:</source>
            <translation>PCIe 8-pin 供电线：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>PCIe link:</source>
            <translation>PCIe 链路：</translation>
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
            <source>TensorFlow will run on the CPU; the recommendations compare cards with each other.</source>
            <translation>TensorFlow 将在 CPU 上运行；推荐结果会在显卡之间相互比较。</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>TensorFlow:</source>
            <translation>TensorFlow：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>This computer</source>
            <translation>本机配置</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>Titanium</source>
            <translation>钛金牌</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>Wattage:</source>
            <translation>功率：</translation>
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
            <source>card up to Gen %1</source>
            <translation>显卡最高 Gen %1</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>default</source>
            <translation>默认</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>not installed</source>
            <translation>未安装</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>now Gen %1 x%2</source>
            <translation>当前 Gen %1 x%2</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>power class unknown</source>
            <translation>功耗等级未知</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>slot Gen %1</source>
            <translation>插槽 Gen %1</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/computer_page.py" />
            <source>unknown</source>
            <translation>未知</translation>
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
            <source>%1 file(s) could not be read: %2</source>
            <translation>%1 个文件无法读取：%2</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/fleet_window.py" />
            <source>%1 machine(s) from %2</source>
            <translation>%1 台机器，来自 %2</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/fleet_window.py" />
            <source>&amp;Budget:</source>
            <translation>预算(&amp;B)：</translation>
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
            <location filename="gpuplanner/ui/fleet_window.py" />
            <source>&amp;Plan</source>
            <translation>生成方案(&amp;P)</translation>
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
            <source>Could not save: %1</source>
            <translation>无法保存：%1</translation>
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
            <source>Saved %1</source>
            <translation>已保存 %1</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/fleet_window.py" />
            <source>Small firm or research group</source>
            <translation>中小企业 / 科研团队</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/fleet_window.py" />
            <source>Student or beginner</source>
            <translation>学生 / 入门者</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/fleet_window.py" />
            <source>Total: %1 %2 of %3; added training throughput %4 %5</source>
            <translation>合计：%1 %2（预算 %3）；增加的训练吞吐量 %4 %5</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/fleet_window.py" />
            <source>gpuplanner – lab fleet</source>
            <translation>gpuplanner – 实验室机群</translation>
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
            <source>Are you still there? Starting over in %1 s.</source>
            <translation>您还在吗？%1 秒后将重新开始。</translation>
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
            <location filename="gpuplanner/ui/main_window.py" />
            <source>Plan upgrades for many machines from their saved scans and nvidia-smi reports</source>
            <translation>根据多台机器保存的扫描结果和 nvidia-smi 报告规划升级</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/main_window.py" />
            <source>Step %1 of %2</source>
            <translation>第 %1 步，共 %2 步</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/main_window.py" />
            <source>gpuplanner – choose a GPU for TensorFlow</source>
            <translation>gpuplanner – TensorFlow GPU 选购助手</translation>
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
            <source>Wrong PIN. Try again in %1 s.</source>
            <translation>PIN 错误，请 %1 秒后再试。</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pin_dialog.py" />
            <source>Wrong PIN. Try again.</source>
            <translation>PIN 错误，请再试一次。</translation>
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
            <source>Checking the installation</source>
            <translation>检查安装</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/probe_page.py" />
            <source>Finished in %1 s.</source>
            <translation>用时 %1 秒完成。</translation>
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
            <source>Matrix multiply</source>
            <translation>矩阵乘法</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/probe_page.py" />
            <source>Measured rate as a share of the catalog peak</source>
            <translation>实测速度占标称峰值的比例</translation>
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
            <source>Problem in step %1: %2</source>
            <translation>步骤 %1 出现问题：%2</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/probe_page.py" />
            <source>Starting TensorFlow in a separate process…</source>
            <translation>正在独立进程中启动 TensorFlow…</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/probe_page.py" />
            <source>TensorFlow runs on the CPU here: %1 TFLOPS in FP32 matrix multiply.</source>
            <translation>本机 TensorFlow 在 CPU 上运行：FP32 矩阵乘法 %1 TFLOPS。</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/probe_page.py" />
            <source>The Python you train with</source>
            <translation>您训练时使用的 Python</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/probe_page.py" />
            <source>The probe stopped: %1</source>
            <translation>测速已停止：%1</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/probe_page.py" />
            <source>Training steps</source>
            <translation>训练步骤</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/probe_page.py" />
            <source>Your %1 reaches %2% of its %3 peak.</source>
            <translation>您的 %1 达到其 %3 峰值的 %2%。</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/probe_page.py" />
            <source>Your CPU can feed about %1 images/s.</source>
            <translation>您的 CPU 每秒约能提供 %1 张图片。</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/probe_page.py" />
            <source>required: this build has no TensorFlow; name a Python that has it</source>
            <translation>必填：此版本不含 TensorFlow，请指定一个装有 TensorFlow 的 Python</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/probe_page.py" />
            <source>this app's own Python (or name the one you train with)</source>
            <translation>本程序自带的 Python（或指定您训练时使用的 Python）</translation>
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
            <source>Could not print: %1</source>
            <translation>无法打印：%1</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/report_page.py" />
            <source>Could not save: %1</source>
            <translation>无法保存：%1</translation>
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
            <source>Printed to %1</source>
            <translation>已打印为 %1</translation>
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
            <source>Saved %1</source>
            <translation>已保存 %1</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/report_page.py" />
            <source>Sent to the printer %1</source>
            <translation>已发送到打印机 %1</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/report_page.py" />
            <source>The printer %1 is not available; please ask the staff.</source>
            <translation>打印机 %1 不可用，请联系店员。</translation>
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
            <source>Also show cards that do not fit (with the reason)</source>
            <translation>同时显示不合适的显卡（附原因）</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/results_page.py" />
            <source>At %1: SKU %2, shelf %3, %4 in stock</source>
            <translation>%1：货号 %2，货架 %3，库存 %4</translation>
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
            <source>Budget %1 %2 · needs %3 GB · speeds relative to %4. Select two or three rows to compare them.</source>
            <translation>预算 %1 %2 · 需要 %3 GB · 速度相对于 %4。选中两三行可对比。</translation>
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
            <source>FP16 tensor</source>
            <translation>FP16 张量算力</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/results_page.py" />
            <source>Fits</source>
            <translation>可行</translation>
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
            <source>Price (%1)</source>
            <translation>价格（%1）</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/results_page.py" />
            <source>Price and speed</source>
            <translation>价格与速度</translation>
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
            <source>Recommendations: %1 fit your needs</source>
            <translation>推荐结果：%1 款符合需求</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/results_page.py" />
            <source>Recommended cards</source>
            <translation>推荐的显卡</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/results_page.py" />
            <source>Speed</source>
            <translation>速度</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/results_page.py" />
            <source>Speed per 1,000</source>
            <translation>性价比（每千）</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/results_page.py" />
            <source>Speed relative to %1</source>
            <translation>相对 %1 的速度</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/results_page.py" />
            <source>Warnings</source>
            <translation>警告</translation>
        </message>
    </context>
    <context>
        <name>ScenarioPage</name>
        <message>
            <location filename="gpuplanner/ui/pages/scenario_page.py" />
            <source>Fine-tuning 7B to 70B language models with full training, LoRA or QLoRA. How much VRAM each method needs, how many cards, NVLink or PCIe, ECC, rack power, and when renting in the cloud beats buying.</source>
            <translation>用全参数、LoRA 或 QLoRA 微调 7B 到 70B 的语言模型。每种方法需要多少显存、几块卡、NVLink 还是 PCIe、ECC、机柜供电，以及何时租用云 GPU 比购买更划算。</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/scenario_page.py" />
            <source>LLM fine-tuning</source>
            <translation>大模型微调</translation>
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
            <source>Small firm or research group</source>
            <translation>中小企业 / 科研团队</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/scenario_page.py" />
            <source>Student or beginner</source>
            <translation>学生 / 入门者</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/scenario_page.py" />
            <source>Tutorials, course projects, CNNs and small Transformers such as DistilBERT, on a laptop or home PC. Find out whether TensorFlow can use the GPU you have, and get a card with at least 12 GB that fits your budget and power supply (8 GB cards are a trap).</source>
            <translation>跑教程、课程项目、CNN 和 DistilBERT 等小型 Transformer，使用笔记本或家用电脑。先确认 TensorFlow 能否用上您现有的 GPU，再挑一块符合预算和电源、显存至少 12 GB 的显卡（8 GB 显卡是个坑）。</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/scenario_page.py" />
            <source>Typical budget: %1 – %2</source>
            <translation>典型预算：%1 – %2</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/scenario_page.py" />
            <source>What will you use the GPU for?</source>
            <translation>您打算用 GPU 做什么？</translation>
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
            <source>Your saved data was damaged. It was kept as %1 and a new, empty one was started.</source>
            <translation>您保存的数据已损坏。原文件已保留为 %1，并已新建一个空的数据文件。</translation>
        </message>
    </context>
    <context>
        <name>WorkloadPage</name>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>A small Transformer from scratch</source>
            <translation>从零训练小型 Transformer</translation>
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
            <source>Batch size:</source>
            <translation>批大小：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>Budget</source>
            <translation>预算</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>Budget:</source>
            <translation>预算：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>Cards at most:</source>
            <translation>最多几块卡：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>Consider used cards</source>
            <translation>考虑二手卡</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>FP32 / TF32</source>
            <translation>FP32 / TF32</translation>
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
            <source>Image classification (ResNet-50)</source>
            <translation>图像分类（ResNet-50）</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>Inference only</source>
            <translation>仅推理</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>Job:</source>
            <translation>任务：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>Language model:</source>
            <translation>语言模型：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>Large language model (LLM)</source>
            <translation>大语言模型（LLM）</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>Method:</source>
            <translation>方法：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>Mixed precision (FP16)</source>
            <translation>混合精度（FP16）</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>Needs %1 GB of GPU memory on one card</source>
            <translation>单卡需要 %1 GB 显存</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>Object detection (SSD)</source>
            <translation>目标检测（SSD）</translation>
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
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>Precision:</source>
            <translation>精度：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>Sequence length:</source>
            <translation>序列长度：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/workload_page.py" />
            <source>Size</source>
            <translation>大小</translation>
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
            <source>or %1 cards of 24 GB with sharding</source>
            <translation>或分片到 %1 块 24 GB 显卡</translation>
        </message>
    </context>
</TS>
